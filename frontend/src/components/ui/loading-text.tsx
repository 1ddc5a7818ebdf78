import './loading-text.css';
/** The spec's plain loading message. */
export function LoadingText() {
  return (
    <div className="loading-text" role="status">
      Loading...
    </div>
  );
}
