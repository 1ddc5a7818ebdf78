import { IdeasTrialScreen } from '../features/ideas/components/ideas-trial-screen';

/** /ideas-trial: a visitor's trial ideas, kept in session storage. */
export default function IdeasTrialPage() {
  return <IdeasTrialScreen />;
}
