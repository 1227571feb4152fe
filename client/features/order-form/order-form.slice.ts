import type { DepositInput } from '#shared/api-contract/orders.ts';
import type { OrderInput } from '#shared/schemas/orders.schemas.ts';
import { createSlice, type PayloadAction } from '../../lib/slice.ts';

/**
 * The order form's submit, as its saga runs it: the order (or the cabinet's top-up of what
 * the balance lacks) on its way to the API, then the browser on its way to the gateway; or
 * the API's refusal. What the buyer chose is the form's own state (order-form.choice.ts).
 */
export interface OrderFormState {
  submitting: boolean;
  submitError: string | null;
}

const orderFormSlice = createSlice({
  name: 'orderForm',
  initialState: { submitting: false, submitError: null } as OrderFormState,
  reducers: {
    orderSubmitted(state, _action: PayloadAction<Omit<OrderInput, 'return_path'>>) {
      state.submitting = true;
      state.submitError = null;
    },
    topUpRequested(state, _action: PayloadAction<Omit<DepositInput, 'return_path'>>) {
      state.submitting = true;
      state.submitError = null;
    },
    submitFailed(state, action: PayloadAction<string>) {
      state.submitting = false;
      state.submitError = action.payload;
    },
  },
});

export const orderFormActions = orderFormSlice.actions;
export const orderFormReducer = orderFormSlice.reducer;
export const selectOrderForm = (state: { orderForm: OrderFormState }) => state.orderForm;
