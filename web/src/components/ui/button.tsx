import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

const classes = (variant: ButtonVariant, block: boolean, extra?: string) =>
  ['button', `button--${variant}`, block && 'button--block', extra].filter(Boolean).join(' ');

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  block?: boolean;
  busy?: boolean;
}

export const Button = ({
  variant = 'primary',
  block = false,
  busy = false,
  type = 'button',
  className,
  disabled,
  children,
  ...rest
}: ButtonProps) => (
  <button
    type={type}
    className={classes(variant, block, className)}
    disabled={disabled || busy}
    aria-busy={busy || undefined}
    {...rest}
  >
    {children}
  </button>
);

interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  block?: boolean;
}

/** Navigation that looks like a button but stays a link for assistive technology. */
export const ButtonLink = ({ variant = 'primary', block = false, className, ...rest }: ButtonLinkProps) => (
  <Link className={classes(variant, block, className)} {...rest} />
);
