import { AnchorButton, type AnchorButtonProps } from '@blueprintjs/core';
import { useLinkClickHandler } from 'react-router-dom';

/** A Blueprint button that is a real link (middle-click, copy address) but navigates inside the SPA. */
export function RouterButton({ to, onClick, ...props }: Omit<AnchorButtonProps, 'href'> & { to: string }) {
  const handleClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <AnchorButton
      role="link"
      {...props}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) handleClick(event as React.MouseEvent<HTMLAnchorElement>);
      }}
    />
  );
}
