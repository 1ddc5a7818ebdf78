import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize-html';

describe('rich text from homepage content', () => {
  it('keeps bold, underline, colour and line breaks', () => {
    expect(sanitizeRichText('<b>Pro</b> <u style="text-decoration-color: red">only</u><br><font color="#2e7d32">$9</font>')).toBe(
      '<b>Pro</b> <u style="text-decoration-color: red">only</u><br><span style="color: #2e7d32">$9</span>',
    );
  });

  it('removes scripts, event handlers, links and unlisted styles, keeping their text where it is text', () => {
    const html = sanitizeRichText(
      '<img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">Plans</a>' +
        '<span style="font-size: 40px; color: blue" onclick="alert(4)">Blue</span><svg><text>drawn</text></svg>',
    );
    expect(html).toBe('Plans<span style="color: blue">Blue</span>');
  });

  it('renders only what is safe', () => {
    render(<p data-testid="price" dangerouslySetInnerHTML={{ __html: sanitizeRichText('<strong>$9</strong><iframe src="https://evil.test"></iframe>') }} />);
    expect(screen.getByTestId('price').innerHTML).toBe('<strong>$9</strong>');
  });
});
