export const accessCodeStream = (codeId: string) => `accesscode-${codeId}`;
export const agentAccessStream = (userId: string) => `access-${userId}`;
