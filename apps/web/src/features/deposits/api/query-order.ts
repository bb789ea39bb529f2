import { ApiCode } from '@app/contract/envelope';
import { ApiError } from '@/shared/api/api-error';
import { apiRequest } from '@/shared/api/client';

/**
 * GET /pay/api/queryOrderNo: whether a gateway order was paid (spec 4: truthy data means success).
 * A refusal (订单不存在, say) reads as not paid; a network failure rejects, so the order is asked about
 * again on the next visit.
 */
export async function queryOrderPaid(orderNo: string): Promise<boolean> {
  try {
    const { data } = await apiRequest<unknown>('/pay/api/queryOrderNo', {
      method: 'GET',
      query: { orderNo },
      toastError: false,
    });
    return Boolean(data);
  } catch (error) {
    if (error instanceof ApiError && error.code !== ApiCode.unauthorized) return false;
    throw error;
  }
}
