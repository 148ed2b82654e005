import { Alert, Button, FileButton, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOGO_TYPES, isLogoCode, logoProblem, type LogoCode } from './logo-file';
import { errorCode, websiteApi, type Website } from './website-api';
import classes from './website.module.css';

/** The hidden file input the button opens (an end-to-end test sets its file). */
const LOGO_INPUT_PROPS = { id: 'website-logo-file', 'data-testid': 'website-logo-input' };

type LogoProblem = LogoCode | 'logoFailed' | 'removeLogoFailed';

/** The site's logo: the current one, a file to replace it, a button to remove it. */
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
      const code = errorCode(error);
      if (!isLogoCode(code)) console.error('Uploading the logo failed', error);
      setProblem(isLogoCode(code) ? code : 'logoFailed');
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
      <Group gap="sm">
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
      <Text size="sm" c="dimmed">
        {t('logo.hint')}
      </Text>
      {problem ? (
        <Alert color="red" variant="light" role="alert" data-testid="website-logo-error" data-code={problem}>
          {t(`errors.${problem}`)}
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
