import { createContext, useContext, type ReactNode } from 'react';
import { createActor, type ActorRefFrom, type InspectionEvent, type Observer } from 'xstate';
import { notificationMachine } from '../../machines/notification/notification.machine';
import type { AppServices } from './app-services';

export interface AppActorsOptions {
  /** Stately inspector observer in development (src/app/inspector.ts). */
  inspect?: Observer<InspectionEvent>;
  /** Scrolls the page up when a notification appears; the DOM version by default. */
  scrollToTop?: () => void;
}

export interface AppActors {
  notification: ActorRefFrom<typeof notificationMachine>;
}

/**
 * Creates and starts the app-wide actors, once per page load (main.tsx). Machine side effects
 * that need the DOM are provided here, so machines stay plain TypeScript.
 */
export function createAppActors({ inspect, scrollToTop = scrollWindowToTop }: AppActorsOptions = {}): AppActors {
  const notification = createActor(notificationMachine.provide({ actions: { scrollToTop: () => scrollToTop() } }), {
    id: 'notification',
    inspect,
  }).start();
  return { notification };
}

function scrollWindowToTop() {
  window.scrollTo({ top: 0, behavior: 'smooth' });
}

interface AppContextValue {
  services: AppServices;
  actors: AppActors;
}

const AppContext = createContext<AppContextValue | null>(null);

export function AppProviders({ services, actors, children }: AppContextValue & { children: ReactNode }) {
  return <AppContext.Provider value={{ services, actors }}>{children}</AppContext.Provider>;
}

function useAppContext(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('AppProviders is missing above this component.');
  return value;
}

export function useAppServices(): AppServices {
  return useAppContext().services;
}

export function useAppActors(): AppActors {
  return useAppContext().actors;
}
