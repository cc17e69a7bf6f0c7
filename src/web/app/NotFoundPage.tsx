import { Link } from '../lib/hash-link.tsx';
import { shellText } from './texts.ts';
import './not-found.css';

export default function NotFoundPage() {
  return (
    <div className="page container not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 tabIndex={-1}>{shellText.notFoundTitle}</h1>
      <p className="page-lead">{shellText.notFoundBody}</p>
      <Link href="/home" className="button button--primary">
        {shellText.backHome}
      </Link>
    </div>
  );
}
