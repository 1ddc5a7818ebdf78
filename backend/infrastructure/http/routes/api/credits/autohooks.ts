import { audience } from '../../../plugins/sessions';

/** Members only: staff have no credits. */
export default audience('free', 'pro');
