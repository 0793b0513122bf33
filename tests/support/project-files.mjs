// Project files the unit tests start from.

/** The smallest valid nodekeeper.yaml: one node with one bundle. */
export const minimalProjectFile = `version: 1
project: acme-rpc
nodes:
  - name: eth-mainnet-1
    chain: ethereum
    url: https://eth-1.rpc.example.com
    bundles: [evm-rpc@2]
`;
