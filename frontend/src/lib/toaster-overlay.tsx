import './toaster.css';
import { OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

/** Blueprint's toaster (an overlay with transitions): loaded by lib/toaster.tsx when the first toast is shown. */
export default function ToasterOverlay({ onReady }: { onReady: (toaster: Toaster | null) => void }) {
  return <OverlayToaster className="app-toaster" maxToasts={1} position={Position.BOTTOM_RIGHT} ref={onReady} />;
}
