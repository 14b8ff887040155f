import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

export function buttonClass(variant: ButtonVariant = 'primary', extra?: string): string {
  return ['button', `button--${variant}`, extra].filter(Boolean).join(' ');
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Shows a spinner and blocks repeat clicks while an action runs. */
  busy?: boolean;
  children: ReactNode;
}

export function Button({ variant = 'primary', busy = false, type = 'button', className, disabled, children, ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass(variant, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...props}
    >
      {busy ? <span className="spinner spinner--inline" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** Navigation that looks like a button: still a link, so it opens in a new tab and reads as one. */
export function ButtonLink({ variant = 'primary', className, ...props }: LinkProps & { variant?: ButtonVariant }) {
  return <Link className={buttonClass(variant, className)} {...props} />;
}
