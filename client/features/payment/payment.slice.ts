import type { DepositInput } from '#shared/api-contract/orders.ts';
import type { FollowedOrder, PaymentView } from '#shared/orders.ts';
import { createSlice, type PayloadAction } from '../../lib/slice.ts';

/** docs/product.md §15 Payment: the payment a waiting page follows until it is final. */
export interface PaymentState {
  following: string | null;
  payment: PaymentView | null;
  /** the payment stayed waiting longer than we poll, or could not be read */
  gaveUp: boolean;
  /** a balance top-up on its way to the gateway */
  depositing: boolean;
  depositError: string | null;
  /** the paid order a thanks page follows until it is final (a guest has no socket) */
  order: FollowedOrder | null;
}

const initialState: PaymentState = {
  following: null,
  payment: null,
  gaveUp: false,
  depositing: false,
  depositError: null,
  order: null,
};

const paymentSlice = createSlice({
  name: 'payment',
  initialState,
  reducers: {
    followStarted(state, action: PayloadAction<string>) {
      state.following = action.payload;
      state.gaveUp = false;
    },
    followStopped(state) {
      state.following = null;
    },
    paymentUpdated(state, action: PayloadAction<PaymentView>) {
      state.payment = action.payload;
    },
    depositRequested(state, _action: PayloadAction<Omit<DepositInput, 'return_path'>>) {
      state.depositing = true;
      state.depositError = null;
    },
    depositFailed(state, action: PayloadAction<string>) {
      state.depositing = false;
      state.depositError = action.payload;
    },
    orderFollowStarted(_state, _action: PayloadAction<string>) {},
    orderFollowStopped() {},
    orderUpdated(state, action: PayloadAction<FollowedOrder>) {
      state.order = action.payload;
    },
    followGaveUp(state) {
      state.gaveUp = true;
      state.following = null;
    },
  },
});

export const paymentActions = paymentSlice.actions;
export const paymentReducer = paymentSlice.reducer;
