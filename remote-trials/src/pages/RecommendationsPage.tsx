import ChoicePage from './ChoicePage';

/** Treatment recommendations: guideline recommendations arrive in a later release (said plainly). */
export default function RecommendationsPage() {
  return <ChoicePage recommendations />;
}
