import type { ReactNode } from 'react';
import { DangerIcon, InfoIcon, SuccessIcon, WarningIcon } from './icons.tsx';

export type NoticeTone = 'info' | 'success' | 'warning' | 'danger';

const ICONS = { info: InfoIcon, success: SuccessIcon, warning: WarningIcon, danger: DangerIcon } as const;

interface NoticeProps {
  tone?: NoticeTone;
  title?: ReactNode;
  /** Heading level of the title, so the box fits the page outline. */
  titleAs?: 'h1' | 'h2' | 'h3' | 'p';
  /** 'alert' or 'status' when the notice appears in answer to an action and must be announced. */
  role?: 'alert' | 'status';
  children?: ReactNode;
  className?: string;
}

/** A boxed message in the page (not a toast): tone shown by colour, icon and wording together. */
export function Notice({ tone = 'info', title, titleAs: Title = 'p', role, children, className }: NoticeProps) {
  const Icon = ICONS[tone];
  return (
    <div className={['notice', `notice--${tone}`, className].filter(Boolean).join(' ')} role={role}>
      <Icon className="notice__icon" />
      <div className="notice__body">
        {title ? <Title className="notice__title">{title}</Title> : null}
        {children}
      </div>
    </div>
  );
}
