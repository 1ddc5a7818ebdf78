import '../../../../components/editing/editing.css';
import { Button, Callout, Intent } from '@blueprintjs/core';
import type { HomepageContent } from '@contracts/homepage-content';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast, toastError } from '../../../../lib/toaster';
import { useUpdateHomepageContent } from '../../api/update-homepage-content';
import { FieldRendererContext } from '../content-field';
import { LandingSections } from '../landing-sections';
import { EditableField, FieldUpdateContext } from './editable-field';
import { RichTextToolbar } from '../../../../components/editing/rich-text-toolbar';
import { setPath } from '../../../../components/editing/set-path';

/** Admin edit mode of the landing page (`/?editMode=true`): edit in place, Save sends it, Cancel restores. */
export default function HomepageEditor({ content }: { content: HomepageContent }) {
  const navigate = useNavigate();
  const save = useUpdateHomepageContent();
  const [draft, setDraftState] = useState(content);
  const [loaded, setLoaded] = useState(content);
  // The blur that stores the last edit and the Save click are separate events; the ref always has both.
  const draftRef = useRef(content);
  const setDraft = useCallback((next: HomepageContent) => {
    draftRef.current = next;
    setDraftState(next);
  }, []);

  const updateField = useCallback(
    (path: string, value: string) => setDraft(setPath(draftRef.current, path, value)),
    [setDraft],
  );

  const onSave = async () => {
    try {
      const saved = await save.mutateAsync(draftRef.current);
      setLoaded(saved);
      setDraft(saved);
      toast({ title: 'Homepage content updated successfully', intent: Intent.SUCCESS });
    } catch {
      toastError('Error', 'Failed to update homepage content');
    }
  };

  return (
    <FieldUpdateContext.Provider value={updateField}>
      <FieldRendererContext.Provider value={EditableField}>
        <div className="edit-bar" role="region" aria-label="Homepage edit mode">
          <Callout intent="warning" icon="edit" compact className="edit-bar-inner">
            <span className="edit-bar-text">
              <strong>Edit Mode Active</strong> · Click on any text to edit. Select pricing text to format it.
            </span>
            <span className="edit-bar-actions">
              <Button intent="success" icon="floppy-disk" loading={save.isPending} onClick={() => void onSave()} text="Save" />
              <Button icon="undo" disabled={save.isPending} onClick={() => setDraft(loaded)} text="Cancel" />
              <Button variant="minimal" icon="log-out" onClick={() => navigate('/')} text="Exit" />
            </span>
          </Callout>
        </div>
        <LandingSections content={draft} />
        <RichTextToolbar />
      </FieldRendererContext.Provider>
    </FieldUpdateContext.Provider>
  );
}
