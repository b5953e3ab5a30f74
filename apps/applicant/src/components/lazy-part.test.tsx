import { describe, expect, it } from 'vitest';
import { act } from 'react';
import { render, screen } from '@testing-library/react';
import { lazyPart } from './lazy-part';

const Hello = ({ name }: { name: string }) => <p data-testid="hello">hello {name}</p>;

describe('lazyPart', () => {
  it('shows nothing until its chunk is here, then the part with its props', async () => {
    let arrive!: () => void;
    const Part = lazyPart(() => new Promise<typeof Hello>((resolve) => (arrive = () => resolve(Hello))));
    render(<Part name="kim" />);
    expect(screen.queryByTestId('hello')).toBeNull();
    await act(async () => arrive());
    expect(screen.getByTestId('hello').textContent).toBe('hello kim');
  });

  it('renders at once when prefetched', async () => {
    const Part = lazyPart(() => Promise.resolve(Hello));
    await Part.prefetch();
    render(<Part name="lee" />);
    expect(screen.getByTestId('hello').textContent).toBe('hello lee');
  });

  it('shows nothing when the chunk cannot be fetched, and tries again on the next use', async () => {
    let tries = 0;
    const Part = lazyPart(() => (++tries === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(Hello)));
    const first = render(<Part name="park" />);
    await act(async () => undefined);
    expect(screen.queryByTestId('hello')).toBeNull();
    first.unmount();
    render(<Part name="park" />);
    expect(await screen.findByTestId('hello')).toBeTruthy();
    expect(tries).toBe(2);
  });
});
