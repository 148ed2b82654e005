import { Box, Burger, Container, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { ActionLink } from '@/components/action';
import { LanguageSwitcher } from '@/components/language-switcher';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';
import { isLoggedInAtom, reloadStoredSession, sessionUserAtom } from '@/lib/session/session';
import classes from './header.module.css';
import { NAV_ITEMS } from './nav-items';

/** Spec section 9: the header re-reads the token 300 ms after /success or /cancel opens. */
const PAYMENT_RETURN_TOKEN_RECHECK_MS = 300;

function NavLinks({ linkClassName }: { linkClassName: string | undefined }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  return (
    <>
      {NAV_ITEMS.filter((item) => !('audience' in item) || (item.audience === 'founder') === isLoggedIn).map(
        (item) => {
          const alsoActiveOn: readonly string[] = 'alsoActiveOn' in item ? item.alsoActiveOn : [];
          const active = pathname === item.to || alsoActiveOn.includes(pathname);
          return (
            <Link
              key={item.to}
              to={item.to}
              className={linkClassName}
              aria-current={active ? 'page' : undefined}
            >
              {t(item.labelKey)}
            </Link>
          );
        },
      )}
    </>
  );
}

function AccountActions({ stacked = false }: { stacked?: boolean }) {
  const { t } = useTranslation();
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const user = useAtomValue(sessionUserAtom);
  const Wrapper = stacked ? Stack : Group;
  if (isLoggedIn) {
    return (
      <Wrapper gap="xs" wrap="nowrap">
        <ActionLink
          to={paths.profile}
          variant="subtle"
          fullWidth={stacked}
          leftSection={<IconUserCircle size={18} aria-hidden="true" />}
        >
          {user?.firstname ?? t('account.profile')}
        </ActionLink>
        <ActionLink
          to={paths.logout}
          variant="default"
          fullWidth={stacked}
          leftSection={<IconLogout size={16} aria-hidden="true" />}
        >
          {t('account.logout')}
        </ActionLink>
      </Wrapper>
    );
  }
  return (
    <Wrapper gap="xs" wrap="nowrap">
      <ActionLink to={paths.login} variant="default" fullWidth={stacked}>
        {t('account.login')}
      </ActionLink>
      <ActionLink to={paths.signup} fullWidth={stacked}>
        {t('account.getStarted')}
      </ActionLink>
    </Wrapper>
  );
}

/** The main layout's header: logo, navigation, language, account; a dropdown menu on small screens. */
export function Header() {
  const { t } = useTranslation();
  const [menuOpened, menu] = useDisclosure(false);
  const { pathname } = useLocation();
  const mobileMenuId = useId();

  // Following a link in the mobile menu closes it.
  useEffect(() => {
    menu.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- close on navigation only
  }, [pathname]);

  // After a payment the header shows the user as the new token has them (spec: re-read after 300 ms).
  useEffect(() => {
    if (pathname !== paths.paymentSuccess && pathname !== paths.paymentCancel) return;
    const timer = setTimeout(reloadStoredSession, PAYMENT_RETURN_TOKEN_RECHECK_MS);
    return () => clearTimeout(timer);
  }, [pathname]);

  return (
    <Box component="header" className={classes.header}>
      <Container size="xl" className={classes.bar}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Logo />
          <Group component="nav" aria-label={t('nav.label')} gap={2} visibleFrom="lg" wrap="nowrap">
            <NavLinks linkClassName={classes.link} />
          </Group>
          <Group gap="xs" visibleFrom="lg" wrap="nowrap">
            <LanguageSwitcher />
            <AccountActions />
          </Group>
          <Burger
            hiddenFrom="lg"
            opened={menuOpened}
            onClick={menu.toggle}
            aria-label={menuOpened ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={menuOpened}
            aria-controls={menuOpened ? mobileMenuId : undefined}
          />
        </Group>
      </Container>
      {menuOpened ? (
        <Box className={classes.mobilePanel} hiddenFrom="lg" id={mobileMenuId}>
          <Stack component="nav" aria-label={t('nav.label')} gap={2}>
            <NavLinks linkClassName={classes.mobileLink} />
          </Stack>
          <hr className={classes.divider} />
          <Stack gap="xs">
            <LanguageSwitcher fullWidth />
            <AccountActions stacked />
          </Stack>
        </Box>
      ) : null}
    </Box>
  );
}
