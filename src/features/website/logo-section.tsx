import { Alert, Anchor, Button, FileButton, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { LOGO_TYPES, isLogoCode, logoProblem, type LogoCode } from './logo-file';
import { ApiError } from '@/lib/api/errors';
import { errorCode, isTooMany, websiteApi, type Website } from './website-api';
import classes from './website.module.css';

/** The hidden file input the button opens (an end-to-end test sets its file). */
const LOGO_INPUT_PROPS = { id: 'website-logo-file', 'data-testid': 'website-logo-input' };

type LogoProblem =
  LogoCode | 'LOGO_NOT_INCLUDED' | 'logoTooMany' | 'logoBusy' | 'logoFailed' | 'removeLogoFailed';

/** What a refused upload means for the user. */
function uploadProblem(error: unknown): LogoProblem {
  const code = errorCode(error);
  if (isLogoCode(code)) return code;
  // The website was taken back since the page was loaded (a refund): logos come with it.
  if (code === 'WEBSITE_NOT_INCLUDED') return 'LOGO_NOT_INCLUDED';
  if (isTooMany(error)) return 'logoTooMany';
  // The server's image writers are busy (503): a moment later will do.
  if (error instanceof ApiError && error.status === 503) return 'logoBusy';
  console.error('Uploading the logo failed', error);
  return 'logoFailed';
}

/**
 * The site's logo: the current one, a file to replace it, a button to remove it. Uploading comes
 * with the website, as publishing does (the server refuses it otherwise); removing is always possible.
 */
export function LogoSection({
  website,
  onWebsite,
  api = websiteApi,
}: {
  website: Website;
  onWebsite: (website: Website) => void;
  api?: typeof websiteApi;
}) {
  const { t } = useTranslation('website');
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [problem, setProblem] = useState<LogoProblem | null>(null);
  const [done, setDone] = useState<'uploaded' | 'removed' | null>(null);
  const resetInput = useRef<() => void>(null);
  const { logo } = website;

  const upload = async (file: File | null) => {
    resetInput.current?.();
    if (!file) return;
    setDone(null);
    const local = logoProblem(file);
    setProblem(local);
    if (local) return;
    setBusy('upload');
    try {
      onWebsite(await api.uploadLogo(file));
      setDone('uploaded');
    } catch (error) {
      setProblem(uploadProblem(error));
    }
    setBusy(null);
  };

  const remove = async () => {
    setBusy('remove');
    setProblem(null);
    setDone(null);
    try {
      onWebsite(await api.deleteLogo());
      setDone('removed');
    } catch (error) {
      console.error('Removing the logo failed', error);
      setProblem('removeLogoFailed');
    }
    setBusy(null);
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="website-logo-title">
      <Title order={3} fz="md" id="website-logo-title">
        {t('logo.title')}
      </Title>
      {/* Without the website: no upload, only the logo a refund left in the draft, to remove. */}
      {logo || website.canPublish ? (
        <Group gap="md" align="center">
          {logo ? (
            <div className={classes.logoBox}>
              <Image
                src={logo.url}
                alt={t('logo.current')}
                w="auto"
                maw={160}
                mah={80}
                fit="contain"
                data-testid="website-logo-image"
              />
            </div>
          ) : (
            <Text size="sm" c="dimmed">
              {t('logo.none')}
            </Text>
          )}
        </Group>
      ) : null}
      {website.canPublish ? null : (
        <Text size="sm" data-testid="website-logo-locked">
          {t('logo.locked')}
        </Text>
      )}
      {logo || website.canPublish ? (
        <Group gap="sm">
          {website.canPublish ? (
            <FileButton
              onChange={(file) => void upload(file)}
              accept={LOGO_TYPES.join(',')}
              resetRef={resetInput}
              inputProps={LOGO_INPUT_PROPS}
            >
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  loading={busy === 'upload'}
                  disabled={busy !== null}
                  leftSection={<IconPhotoUp size={16} aria-hidden="true" />}
                >
                  {logo ? t('logo.replace') : t('logo.choose')}
                </Button>
              )}
            </FileButton>
          ) : null}
          {logo ? (
            <Button
              variant="subtle"
              color="red.9"
              loading={busy === 'remove'}
              disabled={busy !== null}
              onClick={() => void remove()}
              leftSection={<IconTrash size={16} aria-hidden="true" />}
            >
              {t('logo.remove')}
            </Button>
          ) : null}
        </Group>
      ) : null}
      {website.canPublish ? (
        <Text size="sm" c="dimmed">
          {t('logo.hint')}
        </Text>
      ) : null}
      {problem ? (
        <Alert color="red" variant="light" role="alert" data-testid="website-logo-error" data-code={problem}>
          <Text size="sm">{t(`errors.${problem}`)}</Text>
          {problem === 'LOGO_NOT_INCLUDED' ? (
            <Anchor component={Link} to={paths.plans} size="sm" fw={600}>
              {t('publish.seePlans')}
            </Anchor>
          ) : null}
        </Alert>
      ) : null}
      {done ? (
        <Text size="sm" c="brand.8" role="status">
          {t(`logo.${done}`)}
        </Text>
      ) : null}
    </Stack>
  );
}
