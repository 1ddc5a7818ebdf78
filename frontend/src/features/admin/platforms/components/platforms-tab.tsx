import './platforms-tab.css';
import { Button, Card, Classes, FileInput, FormGroup, HTMLSelect, InputGroup, NonIdealState, Tag, TextArea } from '@blueprintjs/core';
import { platformCategories, type PlatformLinkDto } from '@contracts/platforms';
import { useState } from 'react';
import { LoadFailure } from '../../../../components/ui/load-failure';
import { errorMessage } from '../../../../lib/api-client';
import { toastError } from '../../../../lib/toaster';
import { isWebLink } from '../../../../lib/web-link';
import {
  type PlatformLinkFields,
  useAdminPlatformLinks,
  useDeletePlatformLink,
  useSavePlatformLink,
  useUploadLogo,
} from '../api/admin-platform-links';

const emptyForm: PlatformLinkFields = { platformName: '', category: '', url: '', logoUrl: '', description: '' };

/** §5: a logo is an image file; anything else is refused before it is sent. */
export const isImageFile = (file: File) => file.type.startsWith('image/');

/**
 * The admin Platforms tab (back-office §2 "urls", §3 Resource link, §5, §8): a form (Platform Name,
 * Category, URL, Logo upload, Description) whose Add/Update is disabled until name, category and
 * url are filled, and the links with Edit and Delete.
 */
export default function PlatformsTab() {
  const links = useAdminPlatformLinks();
  const [editing, setEditing] = useState<string | null>(null);
  const [form, setForm] = useState<PlatformLinkFields>(emptyForm);
  const reset = () => {
    setEditing(null);
    setForm(emptyForm);
  };
  const save = useSavePlatformLink({ onSaved: reset });
  const remove = useDeletePlatformLink();
  const upload = useUploadLogo({ onUploaded: (logoUrl) => setForm((current) => ({ ...current, logoUrl })) });
  const canSave = form.platformName.trim() !== '' && form.category !== '' && form.url.trim() !== '';
  const urlLooksWrong = form.url.trim() !== '' && !isWebLink(form.url);

  const edit = (link: PlatformLinkDto) => {
    setEditing(link.id);
    setForm({ platformName: link.platformName, category: link.category, url: link.url, logoUrl: link.logoUrl ?? '', description: link.description ?? '' });
  };

  let list;
  if (links.isPending) list = <div className={Classes.SKELETON} style={{ height: 120 }} data-testid="platforms-loading" />;
  else if (links.isError) list = <LoadFailure title="Could not load the resource links" description={errorMessage(links.error, 'Please try again.')} query={links} />;
  else if (links.data.length === 0) list = <NonIdealState icon="link" title="No resource links yet" />;
  else
    list = (
      <ul className="platforms-tab-list">
        {links.data.map((link) => (
          <li key={link.id}>
            <Card className="platforms-tab-item" data-testid="admin-platform-link">
              {link.logoUrl ? <img src={link.logoUrl} alt="" /> : null}
              <div className="platforms-tab-item-body">
                <h4>{link.platformName}</h4>
                <Tag minimal>{link.category}</Tag>
                <p>
                  <a href={link.url} target="_blank" rel="noopener noreferrer">
                    {link.url}
                  </a>
                </p>
                {link.description ? <p>{link.description}</p> : null}
                <div className="platforms-tab-actions">
                  <Button small icon="edit" text="Edit" onClick={() => edit(link)} />
                  <Button
                    small
                    icon="trash"
                    intent="danger"
                    text="Delete"
                    loading={remove.isPending && remove.variables === link.id}
                    onClick={() => {
                      if (!window.confirm(`Delete "${link.platformName}"?`)) return;
                      if (editing === link.id) reset();
                      remove.mutate(link.id);
                    }}
                  />
                </div>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="platforms-tab">
      <Card>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!canSave) return;
            save.mutate({
              id: editing,
              fields: { ...form, platformName: form.platformName.trim(), url: form.url.trim(), description: form.description.trim() },
            });
          }}
        >
          <h3>{editing === null ? 'Add Resource Link' : 'Edit Resource Link'}</h3>
          <FormGroup label="Platform Name" labelFor="platform-name">
            <InputGroup id="platform-name" value={form.platformName} maxLength={120} onChange={(e) => setForm({ ...form, platformName: e.target.value })} />
          </FormGroup>
          <FormGroup label="Category" labelFor="platform-category">
            <HTMLSelect id="platform-category" fill value={form.category} onChange={(e) => setForm({ ...form, category: e.target.value })}>
              <option value="">Select a category</option>
              {platformCategories.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <FormGroup
            label="URL"
            labelFor="platform-url"
            intent={urlLooksWrong ? 'warning' : 'none'}
            helperText={urlLooksWrong ? 'The URL must start with http:// or https://' : undefined}
          >
            <InputGroup id="platform-url" type="url" value={form.url} maxLength={2048} placeholder="https://" onChange={(e) => setForm({ ...form, url: e.target.value })} />
          </FormGroup>
          <FormGroup label="Logo" labelFor="platform-logo">
            <div className="platforms-tab-actions">
              {form.logoUrl ? <img className="platforms-tab-logo-preview" src={form.logoUrl} alt="Logo preview" /> : null}
              <FileInput
                text={upload.isPending ? 'Uploading...' : 'Upload logo'}
                disabled={upload.isPending}
                inputProps={{ id: 'platform-logo', accept: 'image/*', 'aria-label': 'Logo' }}
                onInputChange={(event) => {
                  const input = event.currentTarget as HTMLInputElement;
                  const file = input.files?.[0];
                  input.value = '';
                  if (!file) return;
                  if (!isImageFile(file)) {
                    toastError('Error', 'Only image files are allowed');
                    return;
                  }
                  upload.mutate(file);
                }}
              />
              {form.logoUrl ? <Button small minimal text="Remove logo" onClick={() => setForm({ ...form, logoUrl: '' })} /> : null}
            </div>
          </FormGroup>
          <FormGroup label="Description" labelFor="platform-description">
            <TextArea id="platform-description" fill rows={3} maxLength={2000} value={form.description} onChange={(e) => setForm({ ...form, description: e.target.value })} />
          </FormGroup>
          <div className="platforms-tab-actions">
            <Button type="submit" intent="primary" text={editing === null ? 'Add Resource Link' : 'Update Resource Link'} disabled={!canSave} loading={save.isPending} />
            {editing !== null ? <Button text="Cancel Edit" onClick={reset} /> : null}
          </div>
        </form>
      </Card>
      <section aria-label="Resource links">{list}</section>
    </div>
  );
}
