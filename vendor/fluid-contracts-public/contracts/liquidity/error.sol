// SPDX-License-Identifier: BUSL-1.1
pragma solidity >=0.8.21 <=0.8.29;

contract Error {
    error FluidLiquidityError(uint256 errorId_);
}
