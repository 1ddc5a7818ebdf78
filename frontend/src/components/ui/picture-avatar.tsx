import './picture-avatar.css';
import { Icon } from '@blueprintjs/core';

/**
 * A person's round picture, or a person icon when they have none (the user menu, the profile).
 * `described`: the picture is content ("Profile picture" / "No profile picture"); otherwise it
 * is decoration beside the person's name.
 */
export function PictureAvatar({ picture, size, described = false, className = '' }: { picture: string | null; size: number; described?: boolean; className?: string }) {
  if (picture) {
    return <img className={`picture-avatar ${className}`} src={picture} alt={described ? 'Profile picture' : ''} width={size} height={size} />;
  }
  const label = described ? { role: 'img', 'aria-label': 'No profile picture' } : { 'aria-hidden': true };
  return (
    <span className={`picture-avatar picture-avatar-fallback ${className}`} style={{ width: size, height: size }} {...label}>
      <Icon icon="user" size={Math.round(size * 0.5)} />
    </span>
  );
}
