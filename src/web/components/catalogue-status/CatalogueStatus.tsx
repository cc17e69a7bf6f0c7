import type { CatalogueView } from '../../state/use-catalogue.ts';
import { catalogueStatusText as t } from './texts.ts';
import './catalogue-status.css';

/**
 * Where a page's products go while they cannot be shown: the loading line of the page frames
 * (app/page-frames.tsx), so a page that replaces its frame moves nothing and the footer stays
 * hidden until the page is whole (app/layout.css); or, when the catalogue could not be read, why
 * and a way to try again. Nothing once the catalogue is ready.
 */
export function CatalogueStatus({ view }: { view: CatalogueView }) {
  if (view.status === 'loading') {
    return (
      <p className="page-loading" role="status">
        {t.loading}
      </p>
    );
  }
  if (view.status === 'failed') {
    return (
      <div className="catalogue-failed">
        <p role="alert">{t.failed}</p>
        <button type="button" className="button button--primary" onClick={view.retry}>
          {t.retry}
        </button>
      </div>
    );
  }
  return null;
}
