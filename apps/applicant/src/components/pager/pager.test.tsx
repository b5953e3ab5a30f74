import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import i18n from '@/lib/i18n';
import { renderWithProviders } from '@/testing/test-utils';
import { act } from 'react';
import { DEFAULT_PAGER_VARIANT, isPagerVariant, pageCountOf, pageWindow, Pager } from './pager';

const pageNumbers = () =>
  screen
    .getAllByTestId(/^pager-page-\d+$/)
    .map((el) => Number(el.textContent));
const current = () => screen.getByRole('button', { current: 'page' }).textContent;
const click = (testId: string) => fireEvent.click(screen.getByTestId(testId));
const isDisabled = (testId: string) => (screen.getByTestId(testId) as HTMLButtonElement).disabled;

describe('page arithmetic', () => {
  it('counts pages as ceil(total / perPage), default 10 per page', () => {
    expect(pageCountOf(0, 10)).toBe(0);
    expect(pageCountOf(1, 10)).toBe(1);
    expect(pageCountOf(10, 10)).toBe(1);
    expect(pageCountOf(11, 10)).toBe(2);
    expect(pageCountOf(95, 20)).toBe(5);
    expect(pageCountOf(10, 0)).toBe(0);
  });

  it('shows the block of five pages containing the current one', () => {
    expect(pageWindow(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(5, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 12)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(12, 12)).toEqual([11, 12]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
  });
});

describe('<Pager>', () => {
  it('renders the Korean labels and five page numbers with page 1 highlighted', () => {
    renderWithProviders(<Pager total={123} />);
    expect(screen.getByTestId('pager-first').textContent).toBe('처음');
    expect(screen.getByTestId('pager-prev').textContent).toBe('이전');
    expect(screen.getByTestId('pager-next').textContent).toBe('다음');
    expect(screen.getByTestId('pager-last').textContent).toBe('끝');
    expect(screen.getByTestId('pager-jump-prev').textContent).toBe('<<');
    expect(screen.getByTestId('pager-jump-next').textContent).toBe('>>');
    expect(pageNumbers()).toEqual([1, 2, 3, 4, 5]);
    expect(current()).toBe('1');
  });

  it('uses the English labels after a language change', async () => {
    renderWithProviders(<Pager total={50} />);
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByTestId('pager-first').textContent).toBe('First');
    expect(screen.getByTestId('pager-prev').textContent).toBe('Prev');
    expect(screen.getByTestId('pager-next').textContent).toBe('Next');
    expect(screen.getByTestId('pager-last').textContent).toBe('Last');
  });

  it('derives the page count from total and perPage', () => {
    renderWithProviders(<Pager total={45} perPage={20} />);
    expect(pageNumbers()).toEqual([1, 2, 3]);
    click('pager-last');
    expect(current()).toBe('3');
  });

  it('moves by one with prev/next and to the ends with first/last, reporting each change', () => {
    const onChange = vi.fn();
    renderWithProviders(<Pager total={123} onChange={onChange} />);
    click('pager-next');
    expect(current()).toBe('2');
    click('pager-last');
    expect(current()).toBe('13');
    expect(pageNumbers()).toEqual([11, 12, 13]);
    click('pager-prev');
    expect(current()).toBe('12');
    click('pager-first');
    expect(current()).toBe('1');
    expect(onChange.mock.calls.map((c) => c[0])).toEqual([2, 13, 12, 1]);
  });

  it('jumps by five with << and >>, clamped at the ends', () => {
    renderWithProviders(<Pager total={123} />);
    click('pager-page-3');
    click('pager-jump-next');
    expect(current()).toBe('8');
    expect(pageNumbers()).toEqual([6, 7, 8, 9, 10]);
    click('pager-jump-next');
    expect(current()).toBe('13');
    click('pager-jump-next');
    expect(current()).toBe('13');
    click('pager-jump-prev');
    expect(current()).toBe('8');
    click('pager-jump-prev');
    click('pager-jump-prev');
    expect(current()).toBe('1');
  });

  it('disables the backward buttons on the first page and the forward buttons on the last', () => {
    renderWithProviders(<Pager total={30} />);
    expect(['pager-first', 'pager-prev', 'pager-jump-prev'].map(isDisabled)).toEqual([true, true, true]);
    expect(['pager-next', 'pager-last', 'pager-jump-next'].map(isDisabled)).toEqual([false, false, false]);
    click('pager-last');
    expect(['pager-first', 'pager-prev', 'pager-jump-prev'].map(isDisabled)).toEqual([false, false, false]);
    expect(['pager-next', 'pager-last', 'pager-jump-next'].map(isDisabled)).toEqual([true, true, true]);
  });

  it('disables every move when there is a single page', () => {
    renderWithProviders(<Pager total={0} />);
    expect(pageNumbers()).toEqual([1]);
    for (const id of ['pager-first', 'pager-prev', 'pager-jump-prev', 'pager-next', 'pager-last', 'pager-jump-next']) {
      expect(isDisabled(id)).toBe(true);
    }
  });

  it('resets to page 1 when total or perPage changes', () => {
    const onChange = vi.fn();
    const { rerender } = renderWithProviders(<Pager total={123} onChange={onChange} />);
    click('pager-page-4');
    expect(current()).toBe('4');
    rerender(<Pager total={200} onChange={onChange} />);
    expect(current()).toBe('1');
    expect(onChange).toHaveBeenLastCalledWith(1);

    click('pager-page-5');
    rerender(<Pager total={200} perPage={20} onChange={onChange} />);
    expect(current()).toBe('1');
    expect(pageNumbers()).toEqual([1, 2, 3, 4, 5]);
    click('pager-last');
    expect(current()).toBe('10');
  });

  it('keeps the page when the parent re-renders with the same total and perPage', () => {
    const { rerender } = renderWithProviders(<Pager total={123} />);
    click('pager-page-4');
    rerender(<Pager total={123} />);
    expect(current()).toBe('4');
  });

  it('accepts only the listed styles and falls back for an invalid one', () => {
    expect(isPagerVariant('outlined')).toBe(true);
    expect(isPagerVariant('contained')).toBe(true);
    expect(isPagerVariant('fancy')).toBe(false);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<Pager total={10} variant="fancy" />);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('invalid variant "fancy"'));
    expect(screen.getByTestId('pager').getAttribute('data-variant')).toBe(DEFAULT_PAGER_VARIANT);
  });

  it('uses a valid style without complaint', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<Pager total={10} variant="text" />);
    expect(screen.getByTestId('pager').getAttribute('data-variant')).toBe('text');
    expect(error).not.toHaveBeenCalled();
  });
});
