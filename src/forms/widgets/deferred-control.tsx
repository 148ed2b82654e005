import { useEffect, useLayoutEffect, useState, type ComponentType } from 'react';

/**
 * What a stand-in tells of the user (see deferredControl). The pointer coming over it or a focus asks
 * for the real control; a focus or a click it reports is done again on the real one.
 */
export interface Handoff {
  hover: () => void;
  leave: () => void;
  press: () => void;
  click: () => void;
  focus: () => void;
  blur: () => void;
}

/** The stand-in's props: the control's own, plus where it reports what the user does to it. */
export type StandInProps<P> = P & { handoff: Handoff };

/**
 * A control whose code loads apart: the date picker, the searchable list and the number input weigh
 * more than the rest of a form, and most forms have none or leave them for last. `StandIn` draws the
 * field meanwhile (label, value, errors, size) with what the form already has. The real control takes
 * its place, with the same id, once its code is there and the user is not in the middle of a click on
 * the stand-in (the click is then done again on the real control, as is a focus).
 *
 * `loadOn: "render"` loads the code as soon as a form shows the field (a field typed into: it is
 * replaced before the user gets there); `"intent"` when the pointer comes over the stand-in, it is
 * pressed or it gets the focus (a picker that only opens on a click).
 */
export function deferredControl<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  StandIn: ComponentType<StandInProps<P>>,
  idOf: (props: P) => string,
  loadOn: 'render' | 'intent',
): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () => {
    loading ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        // Not kept: the next attempt (back online) loads again.
        loading = null;
        throw error;
      },
    );
    return loading;
  };

  /** The real control, doing what the user did to the stand-in it replaces. */
  function Takeover({
    Control,
    props,
    focused,
    clicked,
  }: {
    Control: ComponentType<P>;
    props: P;
    focused: boolean;
    clicked: boolean;
  }) {
    const id = idOf(props);
    // Once, when the real control is in the page, before the browser paints it.
    const [replay] = useState({ focused, clicked });
    useLayoutEffect(() => {
      const element = document.getElementById(id);
      const focusLost = document.activeElement === null || document.activeElement === document.body;
      if (element && replay.focused && focusLost) element.focus();
      if (element && replay.clicked) element.click();
    }, [id, replay]);
    return <Control {...props} />;
  }

  function DeferredControl(props: P) {
    const [Control, setControl] = useState<ComponentType<P> | null>(() => loaded);
    const [replay, setReplay] = useState({ focused: false, clicked: false });
    const [failed, setFailed] = useState(false);
    // One per field, kept across renders: what the user does to the stand-in until the control takes over.
    const [handoff] = useState<Handoff & { want: () => void }>(() => {
      const state = { hovered: false, pressed: false, focused: false, clicked: false };
      const swapIfIdle = () => {
        // Not between the pointer's arrival (or press) and its click: the click would reach no one.
        if (!loaded || ((state.hovered || state.pressed) && !state.clicked)) return;
        setReplay({ focused: state.focused, clicked: state.clicked });
        setControl(() => loaded);
      };
      const want = () => {
        start().then(swapIfIdle, () => setFailed(true));
      };
      const intent = () => {
        if (loadOn === 'intent') want();
      };
      return {
        want,
        hover: () => {
          state.hovered = true;
          intent();
        },
        leave: () => {
          state.hovered = false;
          swapIfIdle();
        },
        press: () => {
          state.pressed = true;
          intent();
        },
        click: () => {
          state.clicked = true;
          want();
        },
        focus: () => {
          state.focused = true;
          intent();
        },
        blur: () => {
          state.focused = false;
        },
      };
    });
    useEffect(() => {
      if (loadOn === 'render' && !Control) handoff.want();
    }, [Control, handoff]);
    // A chunk that cannot load (the connection dropped while the form was open) leaves the stand-in,
    // which shows the field and its value, and the rest of the form usable (answers typed offline are
    // kept); the control loads again when the connection returns, or at the next click or focus.
    useEffect(() => {
      if (!failed) return;
      const retry = () => {
        setFailed(false);
        handoff.want();
      };
      window.addEventListener('online', retry);
      return () => window.removeEventListener('online', retry);
    }, [failed, handoff]);
    if (!Control) return <StandIn {...props} handoff={handoff} />;
    return <Takeover Control={Control} props={props} focused={replay.focused} clicked={replay.clicked} />;
  }
  return DeferredControl;
}
