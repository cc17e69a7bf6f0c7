import { Component, type ReactNode } from 'react';
import { shellText } from './texts.ts';

interface State {
  failed: boolean;
}

// A page chunk that fails to load (offline, or a deploy replaced it) shows a way out instead of
// a blank page. React.lazy caches the failure, so trying again reloads the document.
export class PageBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="page container" role="alert">
        <h1 tabIndex={-1}>{shellText.loadFailedTitle}</h1>
        <p className="page-lead">{shellText.loadFailedBody}</p>
        <button type="button" className="button button--primary" onClick={() => location.reload()}>
          {shellText.retry}
        </button>
      </div>
    );
  }
}
