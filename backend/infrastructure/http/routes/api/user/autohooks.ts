import { audience } from '../../../plugins/sessions';

/** Every signed-in person owns a profile (staff included): profile, picture, password, deletion, export. */
export default audience('free', 'pro', 'moderator', 'admin');
