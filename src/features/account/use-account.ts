import { useActorRef } from '@xstate/react';
import { useActorSelector } from '../../services/actor-selector';
import { useEffect, useMemo } from 'react';
import { createAccountActors } from '../../../machines/account/account.actors';
import { connect, type AccountApi } from '../../../machines/account/account.connect';
import { accountMachine } from '../../../machines/account/account.machine';
import type { AccountInput } from '../../../machines/account/account.types';
import { useAppActors, useAppServices } from '../../services/providers';
import { useForwardNotifications } from '../../components/use-notifications';
import { useConnect } from '../../components/use-connect';

/**
 * The account actor of one visit to an account screen, started with what the loader read. Its
 * banner texts go to the notification actor and its profile reloads to the session (checkout
 * prefills from the session's profile), so the screens only send intents.
 */
export function useAccount(input: AccountInput): AccountApi {
  const services = useAppServices();
  const actors = useAppActors();
  const machine = useMemo(() => accountMachine.provide({ actors: createAccountActors(services.api) }), [services.api]);
  const account = useActorRef(machine, { input });

  // A save that ends the visit ('Your details have been saved', then the overview) announces the
  // page the view goes to: the notice survives that route change (docs/decisions/036).
  useForwardNotifications(account, () => account.getSnapshot().status === 'done');
  useEffect(() => {
    const sub = account.on('session.profile.reload', () => actors.session.send({ type: 'session.profile.reload' }));
    return () => sub.unsubscribe();
  }, [account, actors.session]);

  return useConnect(account, (snapshot) => connect(snapshot, account.send));
}

/** The signed-in user's profile as the session holds it (reloaded after every save). */
export function useProfile() {
  const { session } = useAppActors();
  return useActorSelector(session, (snapshot) => snapshot.context.profile);
}

/** The account input from the session's profile (and the newsletter status when read). */
export function accountInputOf(
  profile: { email: string; firstName: string; lastName: string; addresses: AccountInput['addresses'] } | null,
  isSubscribed: boolean | null = null,
  isPending = false,
): AccountInput {
  return {
    email: profile?.email ?? '',
    firstName: profile?.firstName ?? '',
    lastName: profile?.lastName ?? '',
    isSubscribed,
    isPending,
    addresses: profile?.addresses ?? [],
  };
}
