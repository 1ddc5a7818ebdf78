import { audience } from '../../../plugins/sessions';

/** The support team: admins and moderators (design §5: moderators answer support tickets). */
export default audience('moderator', 'admin');
