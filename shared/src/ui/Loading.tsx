import { useTranslation } from 'react-i18next';
import { injectStyles } from './globalStyles';

const css = `
@keyframes od-spin { to { transform: rotate(360deg); } }
.od-loading { display: flex; justify-content: center; padding: 48px 0; }
.od-loading > span { width: 24px; height: 24px; border-radius: 50%; border: 3px solid #ece8f6; border-top-color: #5b3cc4; animation: od-spin 0.8s linear infinite; }
@media (prefers-reduced-motion: reduce) { .od-loading > span { animation-duration: 2.4s; } }
`;

/**
 * The placeholder while a screen's code loads: a CSS spinner (antd Spin's code and styles are not worth
 * loading for the first screen), announced to screen readers.
 */
export function Loading() {
  const { t } = useTranslation('common');
  injectStyles('od-loading-styles', css);
  return (
    <div className="od-loading" role="status" aria-label={t('remote.loading')} data-testid="loading">
      <span />
    </div>
  );
}
