/**
 * The shared button of SPEC.md section 2: an internal route link (`to`), an
 * external link opening in a new tab (`href`), or a plain button (neither).
 */
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import './Button.css';

type Variant = 'primary' | 'secondary' | 'ghost' | 'light';

interface CommonProps {
  children: ReactNode;
  variant?: Variant;
  size?: 'md' | 'lg';
  className?: string;
}

type RouteLinkProps = CommonProps & { to: string; href?: never; onClick?: () => void };
type ExternalLinkProps = CommonProps & { href: string; to?: never; onClick?: () => void };
type PlainButtonProps = CommonProps & { to?: never; href?: never } & ButtonHTMLAttributes<HTMLButtonElement>;

export type ButtonProps = RouteLinkProps | ExternalLinkProps | PlainButtonProps;

export function Button(props: ButtonProps) {
  const { children, variant = 'primary', size = 'md', className } = props;
  const classes = ['button', `button--${variant}`, `button--${size}`, className].filter(Boolean).join(' ');
  if (props.to !== undefined) {
    return (
      <Link to={props.to} className={classes} onClick={props.onClick}>
        {children}
      </Link>
    );
  }
  if (props.href !== undefined) {
    return (
      <a href={props.href} className={classes} target="_blank" rel="noopener noreferrer" onClick={props.onClick}>
        {children}
      </a>
    );
  }
  const { variant: _variant, size: _size, className: _className, children: _children, type = 'button', ...rest } = props;
  return (
    <button type={type} className={classes} {...rest}>
      {children}
    </button>
  );
}
