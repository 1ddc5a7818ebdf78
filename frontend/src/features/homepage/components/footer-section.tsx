import './footer-section.css';
import type { HomepageContent } from '@contracts/homepage-content';
import { Link } from 'react-router-dom';
import { SocialLinks } from '../../../components/ui/social-icons';
import { useAuth } from '../../../lib/auth/auth-provider';
import { isPro, isStaff, upgradeHref } from '../../../lib/auth/roles';
import { Field, useIsEditing } from './content-field';

export function FooterSection({ content }: { content: HomepageContent['footer'] }) {
  const editing = useIsEditing();
  const { user } = useAuth();
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <div className="footer-brand">
          <span className="brand-name">Skilly</span>
          <Field path="footer.tagline" value={content.tagline} as="p" className="footer-tagline" />
          <SocialLinks networks={['twitter', 'instagram', 'youtube', 'tiktok']} />
        </div>
        <nav aria-label="Footer">
          <ul className="footer-links">
            {content.links.map((link, index) => (
              <li key={index}>
                {editing ? (
                  <Field path={`footer.links.${index}.text`} value={link.text} />
                ) : link.href.startsWith('/') ? (
                  <Link to={link.href}>{link.text}</Link>
                ) : (
                  <a href={link.href} target={link.href.startsWith('#') ? undefined : '_blank'} rel="noopener noreferrer">
                    {link.text}
                  </a>
                )}
              </li>
            ))}
            {isPro(user) || isStaff(user) || editing ? null : (
              <li>
                <Link to={upgradeHref(user)} className="footer-upgrade">
                  Upgrade to Pro
                </Link>
              </li>
            )}
          </ul>
        </nav>
      </div>
      <Field path="footer.copyright" value={content.copyright} as="p" className="footer-copyright" />
    </footer>
  );
}
