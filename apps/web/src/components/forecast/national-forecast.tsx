import { Modal, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { shiftDate, todayIn } from '@pluvio/shared/calendar';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useTimeZone } from '../../lib/app-config';
import { FORECAST_DAYS, type ForecastDay, nationalForecastImageUrl } from './api';
import { dayCaption, longDate, monthDay } from './forecast-days';
import { exitFullScreen, requestFullScreen } from './full-screen';
import classes from './national-forecast.module.css';

/** The national map's size as the server draws it, so the page keeps its room while it loads. */
const IMAGE_SIZE = { width: 960, height: 660 };

interface NationalDay {
  day: ForecastDay;
  date: string;
  caption: string;
  alt: string;
}

function nationalDays(today: string): NationalDay[] {
  return FORECAST_DAYS.map((day) => {
    const date = shiftDate(today, day - 1);
    return {
      day,
      date,
      caption: dayCaption(date, today),
      alt: `National rainfall forecast, day ${day} (${longDate(date)})`,
    };
  });
}

/** Whether the element's content is wider than the element (so there is something to scroll to). */
function useOverflowsX(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth);
    measure();
    // Also fires when a hidden tab panel holding the strip is shown.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

/**
 * The national rainfall outlook for today and the next two days (spec part 1 §2 "Forecast
 * panel"): a strip of three maps that scrolls sideways. A click shows a map full screen, a
 * double-click leaves; where the browser has no Fullscreen API an overlay takes its place.
 */
export function NationalForecast() {
  const timeZone = useTimeZone();
  const days = nationalDays(todayIn(timeZone));
  const strip = useRef<HTMLDivElement>(null);
  const overflows = useOverflowsX(strip);
  const [overlay, setOverlay] = useState<NationalDay | null>(null);
  const usageId = useId();

  async function showFullScreen(day: NationalDay, element: HTMLElement) {
    if (document.fullscreenElement) return;
    if (!(await requestFullScreen(element))) setOverlay(day);
  }

  return (
    <Stack gap="xs">
      <VisuallyHidden id={usageId}>Shows the map full screen. Double-click or Escape leaves.</VisuallyHidden>
      <div ref={strip} className={classes.strip}>
        {days.map((day) => (
          <figure key={day.day} className={classes.day}>
            <UnstyledButton
              className={classes.frame}
              aria-describedby={usageId}
              onClick={(event) => showFullScreen(day, event.currentTarget)}
              onDoubleClick={exitFullScreen}
              onKeyDown={(event) => event.key === 'Escape' && exitFullScreen()}
            >
              <img
                className={classes.image}
                src={nationalForecastImageUrl(day.day)}
                alt={day.alt}
                {...IMAGE_SIZE}
                loading={day.day === 1 ? 'eager' : 'lazy'}
                decoding="async"
              />
            </UnstyledButton>
            <figcaption className={classes.caption}>
              <Text fw={600}>{day.caption}</Text>
              <Text size="sm" c="dimmed">
                {monthDay(day.date)}
              </Text>
            </figcaption>
          </figure>
        ))}
      </div>
      {overflows && (
        <Text size="sm" c="dimmed" ta="center">
          Scroll to see other days
        </Text>
      )}
      <Modal
        opened={overlay !== null}
        onClose={() => setOverlay(null)}
        fullScreen
        title={overlay && `${overlay.caption}, ${monthDay(overlay.date)}`}
      >
        {overlay && (
          <img
            className={classes.overlayImage}
            src={nationalForecastImageUrl(overlay.day)}
            alt={overlay.alt}
            onDoubleClick={() => setOverlay(null)}
          />
        )}
      </Modal>
    </Stack>
  );
}
