import './profile-screen.css';
import { Button, Callout, Card, Classes } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useProfile } from '../api/get-profile';
import { AccountActivity } from './account-activity';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccount } from './delete-account';
import { DownloadData } from './download-data';
import { GoogleSignInSection } from './google-sign-in-section';
import { ProfileForm } from './profile-form';
import { ProfilePicture } from './profile-picture';
import { SignOutEverywhere } from './sign-out-everywhere';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card className="profile-section" elevation={1} role="region" aria-labelledby={id}>
      <h2 id={id} className="profile-section-title">
        {title}
      </h2>
      {children}
    </Card>
  );
}

/**
 * /profile (member-product §2 Profile settings): the picture, the profile form with the read-only
 * Account Type (`accountType`, from the billing feature, composed by the page), Change Password for
 * accounts without a Google sign-in, the member's own account activity (issue 52), the data download,
 * and account deletion.
 */
export function ProfileScreen({ accountType, googleSignInOffered = false }: { accountType: ReactNode; googleSignInOffered?: boolean }) {
  const profile = useProfile();

  let body: ReactNode;
  if (profile.data) {
    body = (
      <>
        <Section id="profile-details-title" title="Profile">
          <ProfilePicture profile={profile.data} />
          <ProfileForm profile={profile.data} accountType={accountType} />
        </Section>
        {profile.data.googleId ? null : (
          <Section id="profile-password-title" title="Change Password">
            <ChangePasswordForm />
          </Section>
        )}
        <GoogleSignInSection
          profile={profile.data}
          offered={googleSignInOffered}
          inSection={(body) => (
            <Section id="profile-google-title" title="Google Sign-In">
              {body}
            </Section>
          )}
        />
        <Section id="profile-sessions-title" title="Sessions">
          <p className="muted">Signed in on a device you no longer use, or a sign-in below you do not recognise? End every session of your account, this one included.</p>
          <SignOutEverywhere />
        </Section>
        <Section id="profile-activity-title" title="Account Activity">
          <p className="muted">What happened to your account, who did it and why: sign-ins from new devices, password and email changes, plan changes, credits and payments.</p>
          <AccountActivity />
        </Section>
        <Section id="profile-data-title" title="Your Data">
          <p className="muted">Everything Skilly holds about you (profile, ideas, plans with their history, support tickets, credits and payments) as one JSON file.</p>
          <DownloadData />
        </Section>
        <Section id="profile-delete-title" title="Delete Account">
          <p className="muted">Cancels any Pro subscription and permanently deletes your account and all its data.</p>
          <DeleteAccount />
        </Section>
      </>
    );
  } else if (profile.isError) {
    body = (
      <Callout intent="danger" icon="error" title="Failed to load your profile" className="profile-load-error">
        <p>{errorMessage(profile.error, 'Please try again.')}</p>
        <Button icon="refresh" text="Retry" loading={profile.isFetching} onClick={() => void profile.refetch()} />
      </Callout>
    );
  } else {
    body = (
      <Card className="profile-section" elevation={1} data-testid="profile-loading" aria-busy="true">
        <div className="profile-picture">
          <div className={`${Classes.SKELETON} profile-avatar`} />
          <div className={`${Classes.SKELETON} profile-skeleton-line`} />
        </div>
        {[1, 2, 3, 4].map((line) => (
          <div key={line} className={`${Classes.SKELETON} profile-skeleton-field`} />
        ))}
      </Card>
    );
  }

  return (
    <div className="page profile-page">
      <h1 className="page-title">Profile Settings</h1>
      {body}
    </div>
  );
}
