import { useSelector } from '@xstate/react';
import { useNavigation } from 'react-router-dom';
import { FullPageSpinner } from '../components/full-page-spinner';
import { useAppServices } from './providers';

/** Full-page spinner while API requests are pending or the router is loading (shop-core.md section 2). */
export function LoadingIndicator() {
  const { pending } = useAppServices();
  const pendingCount = useSelector(pending, (snapshot) => snapshot.context.count);
  const navigating = useNavigation().state !== 'idle';
  return navigating || pendingCount > 0 ? <FullPageSpinner /> : null;
}
