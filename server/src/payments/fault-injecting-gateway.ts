import { PaymentGatewayError, type ChargeOutcome, type ChargeRequest, type PaymentGateway } from './gateway';

export const GATEWAY_DID_NOT_ANSWER = 'The payment service did not answer. Please try again in a moment.';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A card gateway with switchable faults, wrapped around a real one (the sandbox in the fault
 * tests, decision 021): what checkout meets when the provider is slow or failing.
 *   delayMs     every charge waits this long before it reaches the provider (a slow provider)
 *   failBefore  the next N charges fail without reaching the provider (nothing charged)
 *   loseAnswer  the next N charges reach the provider, which charges, but the answer is lost
 *               on the way back (a timeout after the fact): checkout sees only an error
 */
export class FaultInjectingGateway implements PaymentGateway {
  readonly name: string;
  delayMs = 0;
  failBefore = 0;
  loseAnswer = 0;

  constructor(readonly inner: PaymentGateway) {
    this.name = `${inner.name} (faults injected)`;
  }

  async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    if (this.delayMs > 0) await sleep(this.delayMs);
    if (this.failBefore > 0) {
      this.failBefore--;
      throw new PaymentGatewayError(GATEWAY_DID_NOT_ANSWER, { detail: 'injected: failed before the provider' });
    }
    const outcome = await this.inner.charge(request);
    if (this.loseAnswer > 0) {
      this.loseAnswer--;
      throw new PaymentGatewayError(GATEWAY_DID_NOT_ANSWER, { detail: 'injected: the provider answered, the answer was lost' });
    }
    return outcome;
  }

  void(chargeId: string): Promise<void> {
    return this.inner.void(chargeId);
  }
}
