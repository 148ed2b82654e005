import { Box } from '@mantine/core';
import { Footer } from './footer';
import { Header } from './header';
import { PageOutlet } from './page-outlet';
import { ScrollToTop } from './scroll-to-top';

/** Header, page, footer: every page but the account forms. */
export function MainLayout() {
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <ScrollToTop />
      <Header />
      <Box component="main" id="main" style={{ flex: 1 }}>
        <PageOutlet />
      </Box>
      <Footer />
    </Box>
  );
}
