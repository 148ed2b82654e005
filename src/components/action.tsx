import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import classes from './action.module.css';

interface ActionLook {
  variant?: 'filled' | 'default' | 'subtle' | 'subtle-gray';
  size?: 'sm' | 'md' | 'lg';
  fullWidth?: boolean;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
}

function lookProps({ variant = 'filled', size = 'sm', fullWidth = false }: ActionLook) {
  return {
    className: classes.action,
    'data-variant': variant,
    'data-size': size,
    'data-full-width': fullWidth || undefined,
  };
}

function Content({ leftSection, rightSection, children }: ActionLook & { children: ReactNode }) {
  return (
    <>
      {leftSection ? <span className={classes.section}>{leftSection}</span> : null}
      <span>{children}</span>
      {rightSection ? <span className={classes.section}>{rightSection}</span> : null}
    </>
  );
}

/** A link to a page of the app that looks like a button (the header's and the hero's calls to action). */
export function ActionLink({
  variant,
  size,
  fullWidth,
  leftSection,
  rightSection,
  children,
  ...link
}: ActionLook & LinkProps & { children: ReactNode }) {
  return (
    <Link {...link} {...lookProps({ variant, size, fullWidth })}>
      <Content leftSection={leftSection} rightSection={rightSection}>
        {children}
      </Content>
    </Link>
  );
}

/** A button with the same look, for actions of the start-up bundle (menus, reload). */
export const ActionButton = forwardRef<
  HTMLButtonElement,
  ActionLook & ButtonHTMLAttributes<HTMLButtonElement> & { children: ReactNode }
>(function ActionButton(
  { variant, size, fullWidth, leftSection, rightSection, children, type, ...button },
  ref,
) {
  return (
    <button ref={ref} type={type ?? 'button'} {...button} {...lookProps({ variant, size, fullWidth })}>
      <Content leftSection={leftSection} rightSection={rightSection}>
        {children}
      </Content>
    </button>
  );
});
