import { audience } from '../../../plugins/sessions';

/** Members only: staff keep no idea sets. */
export default audience('free', 'pro');
