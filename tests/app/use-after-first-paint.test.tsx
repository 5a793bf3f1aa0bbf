// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAfterFirstPaint } from '../../src/ui/use-after-first-paint';

function Probe() {
  const painted = useAfterFirstPaint();
  return <p>{painted ? 'painted' : 'first frame'}</p>;
}

afterEach(cleanup);

describe('useAfterFirstPaint', () => {
  it('is false in the first render and turns true once a frame has gone by', async () => {
    render(<Probe />);
    expect(screen.getByText('first frame')).toBeInTheDocument();
    expect(await screen.findByText('painted')).toBeInTheDocument();
  });
});
