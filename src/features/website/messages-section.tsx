import { Accordion, Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NATIVE_NAMES } from '@/lib/i18n/languages';
import { websiteApi, type WebsiteMessage, type WebsiteMessageList } from './website-api';
import classes from './website.module.css';

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; list: WebsiteMessageList };

/** `mailto:` with the local part encoded, so that an address cannot add headers (`?cc=`) to the mail. */
function mailto(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 1
    ? `mailto:${encodeURIComponent(email)}`
    : `mailto:${encodeURIComponent(email.slice(0, at))}${email.slice(at)}`;
}

const newestFirst = (messages: WebsiteMessage[]) =>
  [...messages].sort((a, b) => Date.parse(b.receivedAt) - Date.parse(a.receivedAt));

/**
 * "Received messages": what visitors sent through the site's contact form, newest first. Opening an
 * unread one marks it read. A message is shown as text, never as HTML.
 */
export function MessagesSection({
  onUnread,
  api = websiteApi,
}: {
  /** The number of unread messages, whenever the server tells it. */
  onUnread: (count: number) => void;
  api?: typeof websiteApi;
}) {
  const { t, i18n } = useTranslation('website');
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [opened, setOpened] = useState<string[]>([]);
  // Messages being marked read: opening one again meanwhile asks nothing more.
  const marking = useRef(new Set<string>());

  const receive = useCallback(
    (list: WebsiteMessageList) => {
      setLoad({ status: 'ready', list });
      onUnread(list.unread);
    },
    [onUnread],
  );

  const fetchList = useCallback(
    (signal?: AbortSignal) => {
      api.listMessages(signal).then(receive, (error: unknown) => {
        if (signal?.aborted) return;
        console.error('Loading the messages failed', error);
        setLoad({ status: 'failed' });
      });
    },
    [api, receive],
  );

  useEffect(() => {
    const controller = new AbortController();
    fetchList(controller.signal);
    return () => controller.abort();
  }, [fetchList]);

  const open = (values: string[]) => {
    setOpened(values);
    if (load.status !== 'ready') return;
    for (const id of values) {
      const message = load.list.messages.find((candidate) => candidate.id === id);
      if (message && !message.read && !marking.current.has(id)) {
        marking.current.add(id);
        api
          .markRead(id)
          .then(receive, (error: unknown) => console.warn('Marking a message read failed', error))
          .finally(() => marking.current.delete(id));
      }
    }
  };

  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' });
  const unread = load.status === 'ready' ? load.list.unread : 0;

  return (
    <Stack gap="sm" component="section" aria-labelledby="website-messages-title" id="website-messages">
      <Group gap="sm" align="center">
        <Title order={2} fz="h3" id="website-messages-title">
          {t('messages.title')}
        </Title>
        {unread > 0 ? (
          <Badge color="red.9" data-testid="website-messages-unread">
            {t('messages.unread', { count: unread })}
          </Badge>
        ) : null}
      </Group>
      {load.status === 'loading' ? <Text role="status">{t('messages.loading')}</Text> : null}
      {load.status === 'failed' ? (
        <Alert color="red" variant="light" role="alert">
          <Text size="sm">{t('messages.loadError')}</Text>
          <Button
            mt="xs"
            variant="default"
            size="compact-sm"
            onClick={() => {
              setLoad({ status: 'loading' });
              fetchList();
            }}
          >
            {t('messages.retry')}
          </Button>
        </Alert>
      ) : null}
      {load.status === 'ready' && load.list.messages.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('messages.empty')}
        </Text>
      ) : null}
      {load.status === 'ready' && load.list.messages.length > 0 ? (
        <Accordion multiple value={opened} onChange={open} variant="separated" data-testid="website-messages">
          {newestFirst(load.list.messages).map((message) => {
            const date = dateFormat.format(new Date(message.receivedAt));
            return (
              <Accordion.Item
                key={message.id}
                value={message.id}
                data-read={message.read ? 'true' : 'false'}
                className={message.read ? undefined : classes.unread}
              >
                <Accordion.Control>
                  <Group gap="xs" wrap="nowrap" justify="space-between">
                    <Text fw={message.read ? 500 : 700} truncate>
                      {message.name}
                    </Text>
                    <Group gap="xs" wrap="nowrap">
                      {message.read ? null : (
                        <Badge size="sm" color="red.9" variant="light">
                          {t('messages.new')}
                        </Badge>
                      )}
                      <Text size="sm" c="dimmed">
                        {date}
                      </Text>
                    </Group>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="xs">
                    <Group gap={6}>
                      <IconMail size={16} aria-hidden="true" />
                      <Anchor href={mailto(message.email)} size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {message.email}
                      </Anchor>
                    </Group>
                    <Text size="sm" c="dimmed">
                      {t('messages.received', { date, language: LANGUAGE_NATIVE_NAMES[message.language] })}
                    </Text>
                    <Text className={classes.messageText}>{message.message}</Text>
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
      ) : null}
    </Stack>
  );
}
