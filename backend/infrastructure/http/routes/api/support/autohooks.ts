import { audience } from '../../../plugins/sessions';

/** Members only: staff answer tickets at /api/admin/support-tickets (the support-desk folder). */
export default audience('free', 'pro');
