import { WALLET_MSG } from '@app/contract/wallet-rules';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useReturnsAfterBind } from '@/shared/routes/nav-state';
import { href } from '@/shared/routes/paths';
import { toast } from '@/shared/ui/feedback';
import { totpCodeOf } from '@/shared/ui/totp-code-field';
import { type BindCardInput, useBindCard } from '../api/bind-card';

/**
 * The submit of both bind pages: the first broken rule is shown and nothing is sent; otherwise the
 * card is bound, 绑定成功 shown, and the player returns where they came from (the withdrawal picker,
 * card management) or to the card list of that kind. A refusal clears the pay password and the
 * authenticator code (asked of a player with two-factor on).
 */
export function useBindSubmit(cardType: 1 | 2, clearPayPassword: () => void) {
  const bind = useBindCard();
  const navigate = useNavigate();
  const returnsAfterBind = useReturnsAfterBind();
  const [code, setCode] = useState('');

  const submit = (problem: string | null, input: BindCardInput) => {
    if (bind.isPending) return;
    if (problem) {
      toast.info(problem);
      return;
    }
    bind.mutate(
      { ...input, ...totpCodeOf(code) },
      {
        onSuccess: () => {
          toast.success(WALLET_MSG.bound);
          if (returnsAfterBind) navigate(-1);
          else navigate(href.wallet(cardType), { replace: true });
        },
        onError: () => {
          clearPayPassword();
          setCode('');
        },
      },
    );
  };
  return { submit, pending: bind.isPending, code, setCode };
}
