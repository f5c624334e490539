import { connect } from '../../../machines/session/session.connect';
import { useAppActors } from '../../services/providers';
import { useConnect } from '../use-connect';

/** A signed-in customer's name and email prefill the stock alert and newsletter forms (section 6). */
export function useSignedInPerson(): { email: string; firstName: string; lastName: string } | null {
  const { session } = useAppActors();
  return useConnect(session, (snapshot) => {
    const view = connect(snapshot, session.send);
    if (!view.isAuthenticated) return null;
    const profile = snapshot.context.profile;
    return { email: view.email, firstName: profile?.firstName ?? '', lastName: profile?.lastName ?? '' };
  });
}
