import { IdeasScreen } from '../features/ideas/components/ideas-screen';

/** /ideas (protected): the member's idea sets. */
export default function IdeasPage() {
  return <IdeasScreen />;
}
