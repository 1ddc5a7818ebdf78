import { audience } from '../../../plugins/sessions';

/** Members only: staff have no plans. */
export default audience('free', 'pro');
