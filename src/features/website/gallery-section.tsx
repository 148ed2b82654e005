import {
  ActionIcon,
  Alert,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/errors';
import {
  MAX_PHOTOS,
  mergePhotos,
  PHOTO_MAX_BYTES,
  type SiteLanguage,
  type WebsiteContent,
} from '@/shared/website';
import { LOGO_TYPES } from './logo-file';
import { errorCode, isTooMany, websiteApi, type Website } from './website-api';

type Edit = (edit: (content: WebsiteContent) => WebsiteContent) => void;

/** The codes the server gives a refused photo: each has its words in website:errors. */
const PHOTO_CODES = [
  'PHOTO_TOO_LARGE',
  'PHOTO_SVG',
  'PHOTO_TYPE',
  'PHOTO_UNREADABLE',
  'PHOTO_DIMENSIONS',
  'PHOTOS_FULL',
] as const;
type PhotoProblem =
  (typeof PHOTO_CODES)[number] | 'PHOTO_NOT_INCLUDED' | 'photoTooMany' | 'photoBusy' | 'photoFailed';

/** What the browser can tell of a file before sending it; the server's answer still decides. */
function localProblem(file: File): PhotoProblem | null {
  if (file.type === 'image/svg+xml' || /\.svg$/i.test(file.name)) return 'PHOTO_SVG';
  if (file.type !== '' && !(LOGO_TYPES as readonly string[]).includes(file.type)) return 'PHOTO_TYPE';
  if (file.size > PHOTO_MAX_BYTES) return 'PHOTO_TOO_LARGE';
  return null;
}

function uploadProblem(error: unknown): PhotoProblem {
  const code = errorCode(error);
  const known = PHOTO_CODES.find((candidate) => candidate === code);
  if (known) return known;
  // The website was taken back since the page was loaded (a refund): photos come with it.
  if (code === 'WEBSITE_NOT_INCLUDED') return 'PHOTO_NOT_INCLUDED';
  if (isTooMany(error)) return 'photoTooMany';
  // The server's image writers are busy (503): a moment later will do.
  if (error instanceof ApiError && error.status === 503) return 'photoBusy';
  console.error('Uploading a photo failed', error);
  return 'photoFailed';
}

export interface GallerySectionProps {
  website: Website;
  content: WebsiteContent;
  change: Edit;
  onWebsite: (website: Website) => void;
  api?: typeof websiteApi;
}

/**
 * The gallery (issue 38): up to 12 photos, each re-encoded by the server (no metadata kept, several
 * widths, WebP and JPEG), shown in the owner's order with a text alternative in each language of the
 * site, which publishing asks for. Adding and removing a photo are the server's own calls; the order
 * and the alternatives are part of the draft.
 */
export function GallerySection({
  website,
  content,
  change,
  onWebsite,
  api = websiteApi,
}: GallerySectionProps) {
  const { t } = useTranslation('website');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<PhotoProblem | null>(null);
  const resetInput = useRef<() => void>(null);
  const photos = content.photos ?? [];

  /** The server's gallery after an upload or a removal, on the draft on screen. */
  const take = (answer: Website) => {
    onWebsite(answer);
    change((current) => ({ ...current, photos: mergePhotos(current.photos, answer.content.photos) }));
  };

  const upload = async (files: File[]) => {
    resetInput.current?.();
    setProblem(null);
    for (const file of files) {
      const local = localProblem(file);
      if (local) {
        setProblem(local);
        return;
      }
      setBusy(true);
      try {
        take(await api.uploadPhoto(file));
      } catch (error) {
        setProblem(uploadProblem(error));
        setBusy(false);
        return;
      }
    }
    setBusy(false);
  };

  const remove = async (photoId: string) => {
    setProblem(null);
    try {
      const answer = await api.deletePhoto(photoId);
      onWebsite(answer);
      change((current) => ({
        ...current,
        photos: (current.photos ?? []).filter((photo) => photo.id !== photoId),
      }));
    } catch (error) {
      console.error('Removing a photo failed', error);
      setProblem('photoFailed');
    }
  };

  const move = (from: number, to: number) =>
    change((current) => {
      const next = [...(current.photos ?? [])];
      const [photo] = next.splice(from, 1);
      if (photo) next.splice(to, 0, photo);
      return { ...current, photos: next };
    });

  const setAlt = (photoId: string, language: SiteLanguage, alt: string) =>
    change((current) => ({
      ...current,
      photos: (current.photos ?? []).map((photo) =>
        photo.id === photoId ? { ...photo, alt: { ...photo.alt, [language]: alt } } : photo,
      ),
    }));

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="website-gallery-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="h3" id="website-gallery-title">
            {t('photos.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('photos.lead', { count: MAX_PHOTOS })}
          </Text>
        </Stack>
        {photos.length === 0 ? <Text size="sm">{t('photos.none')}</Text> : null}
        <Stack gap="md" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
          {photos.map((photo, index) => {
            const number = index + 1;
            return (
              <Group
                key={photo.id}
                component="li"
                align="flex-start"
                wrap="nowrap"
                gap="md"
                data-testid={`website-photo-${number}`}
              >
                <Image
                  src={`/site-photos/${photo.id}/w480.webp`}
                  alt=""
                  w={96}
                  h={96}
                  fit="cover"
                  radius="md"
                  style={{ flex: 'none' }}
                />
                <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
                  {content.languages.map((language) => (
                    <TextInput
                      key={language}
                      label={t('photos.alt', {
                        number,
                        language: t(`publish.languageInText.${language}`),
                      })}
                      description={index === 0 ? t('photos.altHelp') : undefined}
                      value={photo.alt?.[language] ?? ''}
                      onChange={(event) => setAlt(photo.id, language, event.currentTarget.value)}
                      maxLength={200}
                      lang={language}
                      id={`website_photos_${index}_alt_${language}`}
                    />
                  ))}
                  <Group gap={4}>
                    <ActionIcon
                      variant="default"
                      size="lg"
                      disabled={index === 0}
                      aria-label={t('photos.moveUp', { number })}
                      onClick={() => move(index, index - 1)}
                    >
                      <IconArrowUp size={18} aria-hidden="true" />
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      size="lg"
                      disabled={index === photos.length - 1}
                      aria-label={t('photos.moveDown', { number })}
                      onClick={() => move(index, index + 1)}
                    >
                      <IconArrowDown size={18} aria-hidden="true" />
                    </ActionIcon>
                    <Button
                      variant="subtle"
                      color="red.9"
                      size="sm"
                      leftSection={<IconTrash size={16} aria-hidden="true" />}
                      onClick={() => void remove(photo.id)}
                    >
                      {t('photos.remove', { number })}
                    </Button>
                  </Group>
                </Stack>
              </Group>
            );
          })}
        </Stack>
        {website.canPublish && photos.length < MAX_PHOTOS ? (
          <Group>
            <FileButton
              onChange={(files) => void upload(files)}
              accept={LOGO_TYPES.join(',')}
              multiple
              resetRef={resetInput}
              inputProps={{ id: 'website-photo-file', 'data-testid': 'website-photo-input' } as never}
            >
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  loading={busy}
                  leftSection={<IconPhotoPlus size={16} aria-hidden="true" />}
                >
                  {t('photos.add')}
                </Button>
              )}
            </FileButton>
          </Group>
        ) : null}
        {!website.canPublish ? <Text size="sm">{t('photos.locked')}</Text> : null}
        {problem ? (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm">{t(`errors.${problem}`, { count: MAX_PHOTOS })}</Text>
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
