import './contact-page.css';
import { AnchorButton, Button, Callout, Card, Icon, type IconName, Intent, Spinner } from '@blueprintjs/core';
import type { ContactContent } from '@contracts/contact';
import { useCallback, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { InlineText } from '../../../components/editing/inline-text';
import { LoadFailure } from '../../../components/ui/load-failure';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-provider';
import { isAdmin } from '../../../lib/auth/roles';
import { Island } from '../../../lib/islands/island';
import { toast, toastError } from '../../../lib/toaster';
import { useContactContent, useSaveContactContent } from '../api/contact';
import { ContactFormSection } from './contact-form';

type Key = keyof ContactContent;
type Commit = (key: Key, value: string) => void;

function Text({ k, content, commit, as = 'span', className }: { k: Key; content: ContactContent; commit?: Commit; as?: keyof React.JSX.IntrinsicElements; className?: string }) {
  if (commit) return <InlineText value={content[k]} onCommit={(v) => commit(k, v)} as={as} className={className} label={`Edit ${k}`} />;
  const Tag = as as 'span';
  return <Tag className={className}>{content[k]}</Tag>;
}

function InfoCard({ icon, label, value, content, commit, link }: { icon: IconName; label: Key; value: Key; content: ContactContent; commit?: Commit; link?: boolean }) {
  return (
    <Card className="contact-info-card">
      <Icon icon={icon} size={20} className="contact-info-icon" aria-hidden />
      <div>
        <Text k={label} content={content} commit={commit} as="h3" className="contact-info-label" />
        {link && !commit ? (
          <a href={`mailto:${content[value]}`}>{content[value]}</a>
        ) : (
          <Text k={value} content={content} commit={commit} as="p" className="contact-info-value" />
        )}
      </div>
    </Card>
  );
}

export function ContactView({ content, commit }: { content: ContactContent; commit?: Commit }) {
  const [params, setParams] = useSearchParams();
  const sentBefore = params.get('sent') === '1';
  const failedBefore = params.get('failed') === '1';
  const clearNotice = () => {
    if (params.has('sent') || params.has('failed')) setParams({}, { replace: true });
  };
  return (
    <div className="contact-page">
      <header className="contact-header">
        <Text k="title" content={content} commit={commit} as="h1" className="contact-title" />
        <Text k="subtitle" content={content} commit={commit} as="p" className="contact-subtitle" />
      </header>
      <div className="contact-columns">
        <section className="contact-info" aria-labelledby="contact-info-heading">
          <h2 id="contact-info-heading" className="contact-info-heading">
            <Text k="infoHeading" content={content} commit={commit} />
          </h2>
          <Text k="infoDescription" content={content} commit={commit} as="p" />
          <InfoCard icon="envelope" label="emailLabel" value="emailValue" content={content} commit={commit} link />
          <InfoCard icon="map-marker" label="locationLabel" value="locationValue" content={content} commit={commit} />
          <InfoCard icon="time" label="hoursLabel" value="hoursValue" content={content} commit={commit} />
          <Callout intent="success" icon="info-sign" className="contact-response">
            <Text k="responseHeading" content={content} commit={commit} as="h3" className="contact-info-label" />
            <Text k="responseDescription" content={content} commit={commit} as="p" />
          </Callout>
        </section>
        <section className="contact-form-column" aria-label="Send us a message">
          <Island name="contact-form" props={{ sentBefore, failedBefore }}>
            <ContactFormSection sentBefore={sentBefore} failedBefore={failedBefore} clearNotice={clearNotice} />
          </Island>
        </section>
      </div>
    </div>
  );
}

/** Admins: every text is edited in place and committed on blur; Save Changes sends it, Cancel restores (§2, §4). */
function ContactEditor({ content }: { content: ContactContent }) {
  const save = useSaveContactContent();
  const [draft, setDraftState] = useState(content);
  const [loaded, setLoaded] = useState(content);
  const draftRef = useRef(content);
  const setDraft = useCallback((next: ContactContent) => {
    draftRef.current = next;
    setDraftState(next);
  }, []);
  const commit = useCallback((key: Key, value: string) => setDraft({ ...draftRef.current, [key]: value }), [setDraft]);

  const onSave = async () => {
    try {
      const saved = await save.mutateAsync(draftRef.current);
      setLoaded(saved);
      setDraft(saved);
      toast({ title: 'Success', description: 'Contact page content saved successfully', intent: Intent.SUCCESS });
    } catch (error) {
      toastError('Error', errorMessage(error, 'Failed to save contact page content'));
    }
  };
  const onCancel = () => {
    setDraft(loaded);
    toast({ title: 'Changes discarded', description: 'Your changes have been reverted' });
  };

  return (
    <>
      <div className="edit-bar" role="region" aria-label="Contact page edit mode">
        <Callout intent="warning" icon="edit" compact className="edit-bar-inner">
          <span className="edit-bar-text">Admin Edit Mode: Click on any text to edit</span>
          <span className="edit-bar-actions">
            <Button intent="success" icon="floppy-disk" loading={save.isPending} onClick={() => void onSave()} text="Save Changes" />
            <Button icon="undo" disabled={save.isPending} onClick={onCancel} text="Cancel" />
          </span>
        </Callout>
      </div>
      <ContactView content={draft} commit={commit} />
    </>
  );
}

/**
 * Edit mode needs both an admin and the edit-mode flag (back-office §2 Contact page): an admin sees
 * the page as visitors do, with a link into edit mode (`?editMode=true`, as the landing's editor).
 */
export function ContactPage() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const content = useContactContent();
  const admin = isAdmin(user);
  return (
    <>
      {content.isPending ? (
        <div className="page-spinner">
          <Spinner aria-label="Loading..." />
        </div>
      ) : content.isError ? (
        <LoadFailure title="Failed to load the contact page" query={content} />
      ) : admin && params.get('editMode') === 'true' ? (
        <ContactEditor content={content.data} />
      ) : (
        <>
          {admin && (
            <div className="contact-edit-link">
              <AnchorButton href="/contact?editMode=true" icon="edit" variant="minimal" text="Edit this page" />
            </div>
          )}
          <ContactView content={content.data} />
        </>
      )}
    </>
  );
}
