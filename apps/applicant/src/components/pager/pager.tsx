import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from '@/lib/use-translation';

export const PAGE_WINDOW = 5;
export const DEFAULT_PER_PAGE = 10;

/** Styles the pager accepts (spec section 5: "checks its input style"). */
export const PAGER_VARIANTS = ['outlined', 'text', 'contained'] as const;
export type PagerVariant = (typeof PAGER_VARIANTS)[number];
export const DEFAULT_PAGER_VARIANT: PagerVariant = 'outlined';

export function isPagerVariant(value: unknown): value is PagerVariant {
  return typeof value === 'string' && (PAGER_VARIANTS as readonly string[]).includes(value);
}

export function pageCountOf(total: number, perPage: number): number {
  if (!Number.isFinite(total) || total <= 0 || !Number.isFinite(perPage) || perPage <= 0) return 0;
  return Math.ceil(total / perPage);
}

/** The block of (at most) 5 page numbers containing `page`. */
export function pageWindow(page: number, pageCount: number): number[] {
  if (pageCount <= 0) return [];
  const start = Math.floor((page - 1) / PAGE_WINDOW) * PAGE_WINDOW + 1;
  const end = Math.min(start + PAGE_WINDOW - 1, pageCount);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

export type PagerProps = {
  total: number;
  perPage?: number;
  /** Initial page (1-based). */
  initialPage?: number;
  onChange?: (page: number) => void;
  variant?: string;
};

export function Pager({ total, perPage = DEFAULT_PER_PAGE, initialPage = 1, onChange, variant }: PagerProps) {
  const { t } = useTranslation();
  const valid = variant === undefined || isPagerVariant(variant);
  if (!valid && import.meta.env.MODE !== 'production') {
    console.error(`Pager: invalid variant "${String(variant)}"; expected one of ${PAGER_VARIANTS.join(', ')}`);
  }
  const style: PagerVariant = valid && variant ? (variant as PagerVariant) : DEFAULT_PAGER_VARIANT;

  const pageCount = pageCountOf(total, perPage);
  const [page, setPage] = useState(() => Math.min(Math.max(1, initialPage), Math.max(1, pageCount)));

  // Back to page 1 when the total or the page size changes.
  const first = useRef(true);
  const onChangeRef = useRef(onChange);
  const pageRef = useRef(page);
  useEffect(() => {
    onChangeRef.current = onChange;
    pageRef.current = page;
  });
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (pageRef.current !== 1) {
      pageRef.current = 1;
      setPage(1);
      onChangeRef.current?.(1);
    }
  }, [total, perPage]);

  const last = Math.max(1, pageCount);
  const go = (target: number) => {
    const next = Math.min(Math.max(1, target), last);
    if (next === page) return;
    pageRef.current = next;
    setPage(next);
    onChange?.(next);
  };

  const atStart = page <= 1;
  const atEnd = page >= last;
  const nav = (testId: string, label: string, target: number, disabled: boolean, ariaLabel?: string) => (
    <Button
      key={testId}
      size="small"
      variant={style}
      data-testid={testId}
      disabled={disabled}
      aria-label={ariaLabel}
      onClick={() => go(target)}
      sx={{ minWidth: 0, px: 1 }}
    >
      {label}
    </Button>
  );

  return (
    <Box
      component="nav"
      aria-label={t('pager.label')}
      data-testid="pager"
      data-variant={style}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, justifyContent: 'center', alignItems: 'center' }}
    >
      {nav('pager-first', t('pager.first'), 1, atStart)}
      {nav('pager-jump-prev', t('pager.jumpPrev'), page - PAGE_WINDOW, atStart, t('pager.jumpPrevLabel'))}
      {nav('pager-prev', t('pager.prev'), page - 1, atStart)}
      {pageWindow(page, last).map((n) => (
        <Button
          key={n}
          size="small"
          data-testid={`pager-page-${n}`}
          variant={n === page ? 'contained' : style === 'contained' ? 'outlined' : style}
          color={n === page ? 'primary' : 'inherit'}
          aria-current={n === page ? 'page' : undefined}
          aria-label={t('pager.page', { page: n })}
          onClick={() => go(n)}
          sx={{ minWidth: 36, px: 1, fontWeight: n === page ? 700 : 400 }}
        >
          {n}
        </Button>
      ))}
      {nav('pager-next', t('pager.next'), page + 1, atEnd)}
      {nav('pager-jump-next', t('pager.jumpNext'), page + PAGE_WINDOW, atEnd, t('pager.jumpNextLabel'))}
      {nav('pager-last', t('pager.last'), last, atEnd)}
    </Box>
  );
}
