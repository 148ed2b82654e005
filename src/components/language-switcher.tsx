import { IconCheck, IconChevronDown, IconWorld } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NATIVE_NAMES, isLanguage, type Language } from '@/lib/i18n/languages';
import { ActionButton } from './action';
import { createTypeaheadBuffer, findTypeaheadMatch } from '@/lib/typeahead';
import classes from './language-switcher.module.css';

const LABELS = LANGUAGES.map((language) => LANGUAGE_NATIVE_NAMES[language]);

/**
 * The header's language menu (WAI-ARIA menu button): arrows, Home/End, Escape and type-ahead
 * move through it; choosing changes the interface language at once and remembers it.
 * Hand-written rather than Mantine's Menu to keep its positioning library off the landing page.
 */
export function LanguageSwitcher({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t, i18n } = useTranslation();
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'fr';
  const [opened, setOpened] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const typeahead = useMemo(() => createTypeaheadBuffer(), []);
  const rootRef = useRef<HTMLDivElement>(null);

  // A press anywhere outside closes the menu.
  useEffect(() => {
    if (!opened) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpened(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [opened]);

  const focusItem = (index: number) => itemRefs.current[index]?.focus();

  const open = (focusIndex: number) => {
    setOpened(true);
    // The items exist after this render.
    requestAnimationFrame(() => focusItem(focusIndex));
  };

  const close = (returnFocus: boolean) => {
    setOpened(false);
    typeahead.clear();
    if (returnFocus) buttonRef.current?.focus();
  };

  const choose = (language: Language) => {
    close(true);
    if (language !== current) void i18n.changeLanguage(language);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open(LANGUAGES.indexOf(current));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      open(LANGUAGES.length - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const focused = itemRefs.current.findIndex((item) => item === document.activeElement);
    const last = LANGUAGES.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusItem(focused >= last ? 0 : focused + 1);
        return;
      case 'ArrowUp':
        event.preventDefault();
        focusItem(focused <= 0 ? last : focused - 1);
        return;
      case 'Home':
        event.preventDefault();
        focusItem(0);
        return;
      case 'End':
        event.preventDefault();
        focusItem(last);
        return;
      case 'Escape':
        event.preventDefault();
        close(true);
        return;
      case 'Tab':
        close(false);
        return;
      default:
        if (
          event.key.length === 1 &&
          !event.ctrlKey &&
          !event.metaKey &&
          !event.altKey &&
          event.key !== ' '
        ) {
          const match = findTypeaheadMatch(LABELS, typeahead.push(event.key), Math.max(focused, 0));
          if (match >= 0) focusItem(match);
        }
    }
  };

  return (
    <div ref={rootRef} className={`${classes.root} ${fullWidth ? classes.fullWidth : ''}`}>
      <ActionButton
        ref={buttonRef}
        variant="subtle-gray"
        fullWidth={fullWidth}
        leftSection={<IconWorld size={18} aria-hidden="true" />}
        rightSection={<IconChevronDown size={14} aria-hidden="true" />}
        aria-label={t('language.switcherLabel', { language: LANGUAGE_NATIVE_NAMES[current] })}
        aria-haspopup="menu"
        aria-expanded={opened}
        aria-controls={opened ? menuId : undefined}
        onClick={() => (opened ? close(false) : open(LANGUAGES.indexOf(current)))}
        onKeyDown={onButtonKeyDown}
      >
        {current.toUpperCase()}
      </ActionButton>
      {opened ? (
        <div
          id={menuId}
          role="menu"
          aria-label={t('language.label')}
          className={classes.dropdown}
          onKeyDown={onMenuKeyDown}
        >
          <div className={classes.label} aria-hidden="true">
            {t('language.label')}
          </div>
          {LANGUAGES.map((language, index) => (
            <button
              key={language}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              type="button"
              role="menuitemradio"
              aria-checked={language === current}
              lang={language}
              tabIndex={-1}
              className={classes.item}
              onClick={() => choose(language)}
            >
              {LANGUAGE_NATIVE_NAMES[language]}
              {language === current ? <IconCheck size={16} aria-hidden="true" /> : null}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
