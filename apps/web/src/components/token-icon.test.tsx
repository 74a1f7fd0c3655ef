// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TokenIcon } from './token-icon.tsx';

afterEach(cleanup);

function renderIcon(asset: string) {
  const { container } = render(<TokenIcon asset={asset} size={32} />);
  const svg = container.querySelector('svg');
  if (!svg) throw new Error('no svg');
  return svg;
}

describe('TokenIcon', () => {
  it('draws Tether on its green for USDT', () => {
    const svg = renderIcon('USDT');
    expect(svg.querySelector('circle')?.getAttribute('fill')).toBe('#26A17B');
    expect(svg.querySelector('path')).toBeTruthy();
    expect(svg.querySelector('text')).toBeNull();
  });

  it("draws the programme's gold K coin for KPC", () => {
    const svg = renderIcon('KPC');
    expect(svg.querySelector('linearGradient')).toBeTruthy();
    expect(svg.querySelector('circle')?.getAttribute('fill')).toMatch(/^url\(#/);
    expect(svg.querySelector('text')).toBeNull();
  });

  it('shows the first letter on a neutral coin for any other code', () => {
    const svg = renderIcon('esop');
    expect(svg.querySelector('text')?.textContent).toBe('E');
  });

  it('is decorative and sized as asked, with no fetch', () => {
    const svg = renderIcon('USDT');
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('width')).toBe('32');
    expect(svg.querySelector('image, use')).toBeNull();
  });

  it('gives each KPC coin its own gradient id', () => {
    const { container } = render(
      <>
        <TokenIcon asset="KPC" />
        <TokenIcon asset="KPC" />
      </>,
    );
    const ids = [...container.querySelectorAll('linearGradient')].map((node) => node.id);
    expect(new Set(ids).size).toBe(2);
  });
});
