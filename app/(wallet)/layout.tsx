import { cookies } from "next/headers";
import { cookieToInitialState } from "wagmi";
import { WalletProvider } from "@/components/wallet/wallet-provider";
import { getConfig, WALLET_STATE_COOKIE } from "@/lib/client/wallet-config";

/**
 * The pages that use a wallet (/positions, /settings/api-keys) share this layout, so wagmi and the
 * connectors load on them only. The wallet state is read from its cookie here: only that cookie
 * is handed to the client, never the rest of the request's cookies (the session cookie is httpOnly).
 */
export default async function WalletLayout({ children }: { children: React.ReactNode }) {
  const stored = (await cookies()).get(WALLET_STATE_COOKIE)?.value;
  const initialState = stored
    ? cookieToInitialState(getConfig(), `${WALLET_STATE_COOKIE}=${stored}`)
    : undefined;
  return <WalletProvider initialState={initialState}>{children}</WalletProvider>;
}
