import { audience } from '../../../plugins/sessions';

/** Everyone: uploaded pictures are served by unguessable keys (`GET /api/files/…`), like the avatars of any public profile. */
export default audience('visitor', 'free', 'pro', 'moderator', 'admin');
