import { WALLET_MSG } from '@app/contract/wallet-rules';
import type { FormHandle } from '@/shared/forms/contract-form';
import { useReturnsAfterBind } from '@/shared/routes/nav-state';
import { href } from '@/shared/routes/paths';
import { useNavigate } from '@/shared/routes/router/react';
import { toast } from '@/shared/ui/feedback';
import { totpCodeOf } from '@/shared/ui/totp-code-field';
import { type BindCardInput, useBindCard } from '../api/bind-card';

/**
 * The submit of both bind pages, once the contract's rules pass: the card is bound, 绑定成功 shown, and
 * the player returns where they came from (the withdrawal picker, card management) or to the card list
 * of that kind. A refusal clears the pay password and the authenticator code (asked of a player with
 * two-factor on), the form's `payPassword` and `code`.
 */
export function useBindSubmit(cardType: 1 | 2, form: FormHandle) {
  const bind = useBindCard();
  const navigate = useNavigate();
  const returnsAfterBind = useReturnsAfterBind();

  const submit = (input: BindCardInput, code: string) =>
    bind.mutate(
      { ...input, ...totpCodeOf(code) },
      {
        onSuccess: () => {
          toast.success(WALLET_MSG.bound);
          if (returnsAfterBind) navigate(-1);
          else navigate(href.wallet(cardType), { replace: true });
        },
        onError: () => form.setFieldsValue({ payPassword: '', code: '' }),
      },
    );
  return { submit, pending: bind.isPending };
}
