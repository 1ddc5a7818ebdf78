import './company-page.css';
import { AnchorButton, Button, Callout, FileInput, Icon, type IconName, Intent, Spinner } from '@blueprintjs/core';
import { type CompanyContent, FALLBACK_BADGE_ICON, type Founder } from '@contracts/company-content';
import { useCallback, useRef, useState } from 'react';
import { InlineText } from '../../../components/editing/inline-text';
import { RichTextToolbar } from '../../../components/editing/rich-text-toolbar';
import { setPath } from '../../../components/editing/set-path';
import { LoadFailure } from '../../../components/ui/load-failure';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-provider';
import { isAdmin } from '../../../lib/auth/roles';
import { sanitizeRichText } from '../../../lib/sanitize-html';
import { toast, toastError } from '../../../lib/toaster';
import { uploadFounderImage, useCompanyContent, useSaveCompanyContent } from '../api/company-content';

/** §3 badge icon names, drawn with the closest Blueprint icon; any other name is Zap's. */
const badgeIcons: Record<string, IconName> = {
  Crown: 'crown',
  Code2: 'code',
  Zap: 'flash',
  Boxes: 'cube',
  Globe: 'globe',
  Star: 'star',
  Briefcase: 'briefcase',
  Sparkles: 'clean',
};
export const badgeIcon = (name: string): IconName => badgeIcons[name] ?? badgeIcons[FALLBACK_BADGE_ICON]!;

type Commit = (path: string, value: string) => void;

/** A text of the page: plain for visitors, edited in place for admins. */
function Text({ path, value, commit, as = 'span', rich, className, label }: { path: string; value: string; commit?: Commit; as?: keyof React.JSX.IntrinsicElements; rich?: boolean; className?: string; label: string }) {
  if (commit) return <InlineText value={value} onCommit={(v) => commit(path, v)} as={as} rich={rich} className={className} label={label} />;
  const Tag = as as 'span';
  if (rich) return <Tag className={className} dangerouslySetInnerHTML={{ __html: sanitizeRichText(value) }} />;
  return <Tag className={className}>{value}</Tag>;
}

function FounderCard({ founder, index, commit, onImage }: { founder: Founder; index: number; commit?: Commit; onImage?: (file: File) => void }) {
  const base = `founders.${index}`;
  return (
    <article className="founder-card" aria-labelledby={`founder-${index}`}>
      <div className="founder-image">
        {founder.imageUrl ? (
          <img src={founder.imageUrl} alt={founder.name} width={160} height={160} />
        ) : (
          <span className="founder-initials" aria-hidden="true">
            {founder.name.split(/\s+/).map((w) => w[0]).join('').slice(0, 2)}
          </span>
        )}
        {onImage ? (
          <FileInput
            className="founder-upload"
            text="Upload image"
            buttonText="Browse"
            inputProps={{ accept: 'image/*', 'aria-label': `Upload an image for ${founder.name}` }}
            onInputChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) onImage(file);
            }}
          />
        ) : null}
      </div>
      <h2 id={`founder-${index}`} className="founder-name">
        <Text path={`${base}.name`} value={founder.name} commit={commit} label={`Founder ${index + 1} name`} />
      </h2>
      <Text path={`${base}.description`} value={founder.description} commit={commit} as="p" className="founder-description" label={`Founder ${index + 1} description`} />
      <ul className="founder-badges">
        {founder.badges.map((badge, b) => (
          <li key={b} className="founder-badge">
            <Icon icon={badgeIcon(badge.icon)} size={14} aria-hidden />
            <span className="founder-badge-label">
              <Text path={`${base}.badges.${b}.label`} value={badge.label} commit={commit} label={`Badge ${b + 1} label`} />:
            </span>{' '}
            <Text path={`${base}.badges.${b}.value`} value={badge.value} commit={commit} label={`Badge ${b + 1} value`} />
          </li>
        ))}
      </ul>
      {founder.fiverrUrl ? (
        <AnchorButton href={founder.fiverrUrl} target="_blank" rel="noopener noreferrer" intent="success" icon="share" text="View Fiverr Profile" />
      ) : null}
    </article>
  );
}

export function CompanyView({ content, commit, onImage }: { content: CompanyContent; commit?: Commit; onImage?: (index: number, file: File) => void }) {
  return (
    <div className="company-page">
      <header className="company-header">
        <Text path="title" value={content.title} commit={commit} as="h1" className="company-title" label="Page title" />
        <Text path="subtitle" value={content.subtitle} commit={commit} as="p" rich className="company-subtitle" label="Page subtitle" />
      </header>
      <div className="founder-grid">
        {content.founders.map((founder, index) => (
          <FounderCard key={index} founder={founder} index={index} commit={commit} onImage={onImage ? (file) => onImage(index, file) : undefined} />
        ))}
      </div>
    </div>
  );
}

/** Admins: edit mode is on at once (§2): 'Edit Mode Active', Save Changes, the toolbar, per-founder image upload. */
function CompanyEditor({ content }: { content: CompanyContent }) {
  const save = useSaveCompanyContent();
  const [draft, setDraftState] = useState(content);
  const draftRef = useRef(content);
  const setDraft = useCallback((next: CompanyContent) => {
    draftRef.current = next;
    setDraftState(next);
  }, []);
  const commit = useCallback((path: string, value: string) => setDraft(setPath(draftRef.current, path, value)), [setDraft]);

  const onSave = async () => {
    try {
      setDraft(await save.mutateAsync(draftRef.current));
      toast({ title: 'Success', description: 'Company page content saved successfully', intent: Intent.SUCCESS });
    } catch (error) {
      toastError('Error', errorMessage(error, 'Failed to save company page content'));
    }
  };
  const onImage = async (index: number, file: File) => {
    try {
      const imageUrl = await uploadFounderImage(file);
      commit(`founders.${index}.imageUrl`, imageUrl);
      toast({ title: 'Success', description: 'Image uploaded successfully', intent: Intent.SUCCESS });
    } catch (error) {
      toastError('Error', errorMessage(error, 'Failed to upload image'));
    }
  };

  return (
    <>
      <div className="edit-bar" role="region" aria-label="Company page edit mode">
        <Callout intent="warning" icon="edit" compact className="edit-bar-inner">
          <span className="edit-bar-text">
            <strong>Edit Mode Active</strong> · Click on any text to edit. Select subtitle text to format it.
          </span>
          <span className="edit-bar-actions">
            <Button intent="success" icon="floppy-disk" loading={save.isPending} onClick={() => void onSave()} text="Save Changes" />
          </span>
        </Callout>
      </div>
      <CompanyView content={draft} commit={commit} onImage={(i, f) => void onImage(i, f)} />
      <RichTextToolbar />
    </>
  );
}

export function CompanyPage() {
  const { user } = useAuth();
  const content = useCompanyContent();
  return (
    <>
      {content.isPending ? (
        <div className="page-spinner">
          <Spinner aria-label="Loading..." />
        </div>
      ) : content.isError ? (
        <LoadFailure title="Failed to load the company page" query={content} />
      ) : isAdmin(user) ? (
        <CompanyEditor content={content.data} />
      ) : (
        <CompanyView content={content.data} />
      )}
    </>
  );
}
